import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MemberPageHeader } from '../../features/member/components/member-shell';
import { memberCentrePaths } from '../../features/member/member-menu';
import { useWalletBalance } from '../../features/wallet/api/wallet';
import { usePayeeAccounts, useWithdrawChannels } from '../../features/withdraw/api/withdraw';
import { PayeeAccounts } from '../../features/withdraw/components/payee-accounts';
import { WithdrawForm } from '../../features/withdraw/components/withdraw-form';
import { WithdrawalList } from '../../features/withdraw/components/withdrawal-list';

/** Withdraw: the form (once an account is bound), the payee accounts and the withdrawals so far. */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const balance = useWalletBalance();
  const payees = usePayeeAccounts();
  const channels = useWithdrawChannels();
  const hasAccounts = (payees.data?.accounts.length ?? 0) > 0;
  const accounts = <PayeeAccounts channels={channels.data?.channels.map((c) => c.code) ?? []} />;
  return (
    <>
      <MemberPageHeader title={t('member.menu.withdraw')} lead={t('member.withdraw.lead')} />
      {!hasAccounts && payees.isSuccess && accounts}
      <WithdrawForm
        available={balance.data?.balance}
        currency={balance.data?.currency ?? 'BRL'}
        currencySymbol={balance.data?.currencySymbol ?? ''}
        onCreated={(w) => navigate(memberCentrePaths.withdrawal(w.withdrawalId))}
      />
      {(hasAccounts || !payees.isSuccess) && accounts}
      <WithdrawalList linkTo={memberCentrePaths.withdrawal} />
    </>
  );
}
