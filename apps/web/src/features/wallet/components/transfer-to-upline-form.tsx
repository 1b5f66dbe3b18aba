import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmountInput } from '../../../components/ui/amount';
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
import { useAmountConfirmation } from '../../../lib/use-amount-confirmation';
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
  const steps = useAmountConfirmation(needsPaymentPassword, t('member.password.sixDigits'));
  const [noUpline, setNoUpline] = useState(false);

  if (!balance.isSuccess)
    return <QueryState query={balance} loading={<Skeleton height={200} radius="lg" />} />;
  if (noUpline)
    return <EmptyState icon="lock" title={t('member.upline.none')} body={t('member.upline.noneBody')} />;

  const { currency, currencySymbol } = balance.data;
  const available = balance.data.balance;
  const money = (v: number) => formatMoney(v, currency, i18n.language);

  const review = () => {
    if (steps.review(available)) transfer.reset();
  };

  const confirm = () => {
    const body = steps.confirmed();
    if (!body) return;
    transfer.mutate(body, {
      onSuccess: (result) => {
        steps.done();
        showToast(
          t('member.upline.done', { amount: money(result.amount), to: result.to.account }),
          'success',
        );
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'NO_UPLINE') {
          steps.close();
          setNoUpline(true);
        }
      },
    });
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
            value={steps.amount}
            onChange={steps.changeAmount}
            currencySymbol={currencySymbol}
            error={
              steps.problem
                ? t(`member.amount.${steps.problem}`, { min: money(1), max: money(available) })
                : null
            }
          />
          <Button type="submit" block>
            {t('member.upline.review')}
          </Button>
        </form>
      </Card>
      <ConfirmDialog
        open={steps.confirming}
        title={t('member.upline.confirmTitle')}
        lead={t('member.upline.confirmLead')}
        rows={[
          { label: t('member.upline.from'), value: t('member.walletTransfer.main') },
          { label: t('member.upline.to'), value: t('member.upline.agent') },
          {
            label: t('member.common.amount'),
            value: money(parseAmountInput(steps.amount) ?? 0),
            emphasis: true,
          },
        ]}
        confirmLabel={t('member.upline.confirm')}
        onConfirm={confirm}
        onClose={steps.close}
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
            value={steps.password}
            onChange={steps.changePassword}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            error={steps.passwordError}
            data-autofocus
          />
        )}
      </ConfirmDialog>
    </>
  );
}
