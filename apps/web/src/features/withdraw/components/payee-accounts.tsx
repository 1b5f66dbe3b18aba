import type { PayeeAccount, PaymentChannelCode } from '@sorte/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatusPill } from '../../../components/ui/status-pill';
import { PasswordField } from '../../../components/ui/text-field';
import { showToast } from '../../../components/ui/toast';
import { usePayeeAccounts, useUnbindPayee } from '../api/withdraw';
import { channelNames } from '../labels';
import { BindAccountDialog } from './bind-account-dialog';
import styles from './withdraw.module.css';

/**
 * The member's payee accounts: add one (the first also sets the payment password), change or
 * unbind one while it is only bound; once a payout reached it, it is confirmed and locked.
 */
export function PayeeAccounts({ channels }: { channels: PaymentChannelCode[] }) {
  const { t } = useTranslation();
  const payees = usePayeeAccounts();
  const unbind = useUnbindPayee();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PayeeAccount | null>(null);
  const [unbinding, setUnbinding] = useState<PayeeAccount | null>(null);
  const [password, setPassword] = useState('');

  if (!payees.isSuccess)
    return (
      <Card title={t('member.payee.title')}>
        <QueryState query={payees} compact loading={<Skeleton height={64} />} />
      </Card>
    );
  const { accounts, hasPaymentPassword, limit } = payees.data;
  const canAdd = accounts.length < limit && channels.length > 0;

  return (
    <Card
      title={t('member.payee.title')}
      actions={
        canAdd && accounts.length > 0 ? (
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
            {t('member.payee.add')}
          </Button>
        ) : undefined
      }
    >
      {accounts.length === 0 ? (
        <EmptyState
          compact
          icon="lock"
          title={t('member.payee.empty')}
          body={hasPaymentPassword ? t('member.payee.emptyBody') : t('member.payee.emptyBodyFirst')}
          action={
            canAdd ? <Button onClick={() => setAdding(true)}>{t('member.payee.add')}</Button> : undefined
          }
        />
      ) : (
        <ul className={styles.accountList}>
          {accounts.map((account) => (
            <li key={account.id} className={styles.account}>
              <div className={styles.accountMain}>
                <span className={styles.accountChannel}>
                  {channelNames[account.channel]} · {t(`member.payee.types.${account.type}`)}
                </span>
                <span className={styles.mono}>{account.maskedValue}</span>
                <span className={styles.accountHolder}>{account.holderName}</span>
              </div>
              <div className={styles.accountSide}>
                {account.status === 'confirmed' ? (
                  <StatusPill tone="success">{t('member.payee.confirmed')}</StatusPill>
                ) : (
                  <StatusPill tone="info">{t('member.payee.bound')}</StatusPill>
                )}
                {account.status === 'bound' && (
                  <div className={styles.accountActions}>
                    <Button size="sm" variant="ghost" onClick={() => setEditing(account)}>
                      {t('member.payee.edit')}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => {
                        unbind.reset();
                        setPassword('');
                        setUnbinding(account);
                      }}
                    >
                      {t('member.payee.unbind')}
                    </Button>
                  </div>
                )}
              </div>
              {account.status === 'confirmed' && (
                <p className={styles.accountNote}>{t('member.payee.lockedNote')}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      {accounts.length > 0 && (
        <p className={styles.smallNote}>{t('member.payee.limit', { count: accounts.length, limit })}</p>
      )}
      <BindAccountDialog
        key={editing?.id ?? 'new'}
        open={adding || editing !== null}
        channels={channels}
        hasPaymentPassword={hasPaymentPassword}
        editing={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
        onDone={() => {
          showToast(editing ? t('member.payee.saved') : t('member.payee.boundToast'), 'success');
          setAdding(false);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={unbinding !== null}
        title={t('member.payee.unbindTitle')}
        lead={t('member.payee.unbindLead')}
        rows={
          unbinding
            ? [
                { label: t('member.payee.channel'), value: channelNames[unbinding.channel] },
                { label: t(`member.payee.valueLabel.${unbinding.type}`), value: unbinding.maskedValue },
              ]
            : []
        }
        confirmLabel={t('member.payee.unbind')}
        busy={unbind.isPending}
        error={unbind.error?.message ?? null}
        onClose={() => setUnbinding(null)}
        onConfirm={() => {
          if (!unbinding || !/^\d{6}$/.test(password)) return;
          unbind.mutate(
            { id: unbinding.id, paymentPassword: password },
            {
              onSuccess: () => {
                setUnbinding(null);
                showToast(t('member.payee.unbound'), 'success');
              },
            },
          );
        }}
      >
        <PasswordField
          label={t('member.password.label')}
          value={password}
          onChange={(v) => setPassword(v.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          data-autofocus
        />
      </ConfirmDialog>
    </Card>
  );
}
