import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AmountProblem, checkAmount, parseAmountInput } from '../../../components/ui/amount';
import { AmountField } from '../../../components/ui/amount-field';
import { Button } from '../../../components/ui/button';
import { Card, Facts } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatMoney } from '../../../components/ui/money';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { PasswordField } from '../../../components/ui/text-field';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { newRequestId } from '../../../lib/request-id';
import { useTransferToUpline, useWalletBalance } from '../api/wallet';
import styles from './wallet.module.css';

type Props = {
  /** The member has a payment password: it guards money leaving the main wallet. */
  needsPaymentPassword: boolean;
};

/** Transfer to upline (spec sections 2 and 6): from the main wallet to the member's direct agent. */
export function TransferToUplineForm({ needsPaymentPassword }: Props) {
  const { t, i18n } = useTranslation();
  const balance = useWalletBalance();
  const transfer = useTransferToUpline();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<AmountProblem | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [requestId, setRequestId] = useState<string | null>(null);
  const [noUpline, setNoUpline] = useState(false);

  if (!balance.isSuccess)
    return <QueryState query={balance} loading={<Skeleton height={200} radius="lg" />} />;
  if (noUpline)
    return <EmptyState icon="lock" title={t('member.upline.none')} body={t('member.upline.noneBody')} />;

  const { currency, currencySymbol } = balance.data;
  const available = balance.data.balance;
  const money = (v: number) => formatMoney(v, currency, i18n.language);

  const review = () => {
    const p = checkAmount(amount, { min: 1, available });
    setProblem(p);
    if (p) return;
    transfer.reset();
    setPasswordError(null);
    setRequestId((id) => id ?? newRequestId());
    setConfirming(true);
  };

  const confirm = () => {
    const minor = parseAmountInput(amount);
    if (minor === null || !requestId) return;
    if (needsPaymentPassword && !/^\d{6}$/.test(password)) {
      setPasswordError(t('member.password.sixDigits'));
      return;
    }
    transfer.mutate(
      { amount: minor, requestId, ...(needsPaymentPassword ? { paymentPassword: password } : {}) },
      {
        onSuccess: (result) => {
          setConfirming(false);
          setAmount('');
          setPassword('');
          setRequestId(null);
          showToast(
            t('member.upline.done', { amount: money(result.amount), to: result.to.account }),
            'success',
          );
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'NO_UPLINE') {
            setConfirming(false);
            setNoUpline(true);
          }
        },
      },
    );
  };

  return (
    <>
      <Card>
        <Facts items={[{ label: t('member.upline.available'), value: money(available) }]} />
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            review();
          }}
        >
          <AmountField
            label={t('member.common.amount')}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setProblem(null);
              setRequestId(null);
            }}
            currencySymbol={currencySymbol}
            error={problem ? t(`member.amount.${problem}`, { min: money(1), max: money(available) }) : null}
          />
          <Button type="submit" block>
            {t('member.upline.review')}
          </Button>
        </form>
      </Card>
      <ConfirmDialog
        open={confirming}
        title={t('member.upline.confirmTitle')}
        lead={t('member.upline.confirmLead')}
        rows={[
          { label: t('member.upline.from'), value: t('member.walletTransfer.main') },
          { label: t('member.upline.to'), value: t('member.upline.agent') },
          { label: t('member.common.amount'), value: money(parseAmountInput(amount) ?? 0), emphasis: true },
        ]}
        confirmLabel={t('member.upline.confirm')}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
        busy={transfer.isPending}
        error={
          transfer.error && !(transfer.error instanceof ApiError && transfer.error.code === 'NO_UPLINE')
            ? transfer.error.message
            : null
        }
      >
        {needsPaymentPassword && (
          <PasswordField
            label={t('member.password.label')}
            value={password}
            onChange={(v) => {
              setPassword(v.replace(/\D/g, '').slice(0, 6));
              setPasswordError(null);
            }}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            error={passwordError}
            data-autofocus
          />
        )}
      </ConfirmDialog>
    </>
  );
}
