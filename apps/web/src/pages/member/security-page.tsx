import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card, Facts } from '../../components/ui/card';
import { StatusPill } from '../../components/ui/status-pill';
import { useAuthDialogs } from '../../features/auth/auth-dialogs-context';
import { MemberPageHeader } from '../../features/member/components/member-shell';
import { useSession } from '../../features/session/hooks/use-session';
import { usePayeeAccounts, useWithdrawChannels } from '../../features/withdraw/api/withdraw';
import { PayeeAccounts } from '../../features/withdraw/components/payee-accounts';

/** Account security: the login password, the payment password and the bound payee accounts. */
export default function SecurityPage() {
  const { t } = useTranslation();
  const { member } = useSession();
  const dialogs = useAuthDialogs();
  const payees = usePayeeAccounts();
  const channels = useWithdrawChannels();
  const hasPaymentPassword = payees.data?.hasPaymentPassword;
  return (
    <>
      <MemberPageHeader title={t('member.menu.security')} lead={t('member.security.lead')} />
      <Card title={t('member.security.account')}>
        <Facts
          items={[
            { label: t('member.security.username'), value: member?.account ?? '…' },
            { label: t('member.security.nickname'), value: member?.nickname ?? '…' },
            {
              label: t('member.security.paymentPassword'),
              value:
                hasPaymentPassword === undefined ? (
                  '…'
                ) : hasPaymentPassword ? (
                  <StatusPill tone="success">{t('member.security.set')}</StatusPill>
                ) : (
                  <StatusPill tone="warning">{t('member.security.notSet')}</StatusPill>
                ),
            },
          ]}
        />
        {hasPaymentPassword === false && (
          <p style={{ margin: 0 }}>{t('member.security.paymentPasswordHint')}</p>
        )}
        <Button variant="secondary" onClick={dialogs.openChangePassword}>
          {t('account.changePassword')}
        </Button>
      </Card>
      <PayeeAccounts channels={channels.data?.channels.map((c) => c.code) ?? []} />
    </>
  );
}
