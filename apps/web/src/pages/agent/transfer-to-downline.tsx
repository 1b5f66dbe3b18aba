import type { MemberTransferResult, TransferToDownlineBody } from '@sorte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { parseAmountInput } from '../../components/ui/amount';
import { AmountField } from '../../components/ui/amount-field';
import { Button } from '../../components/ui/button';
import { Card, Facts } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatMoney } from '../../components/ui/money';
import { QueryState } from '../../components/ui/query-state';
import { Skeleton } from '../../components/ui/skeleton';
import { PasswordField } from '../../components/ui/text-field';
import { showToast } from '../../components/ui/toast';
import { agentKeys } from '../../features/agent-centre/api';
import styles from '../../features/agent-centre/components/agent-centre.module.css';
import { PanelHead } from '../../features/agent-centre/components/agent-menu';
import { useWalletBalance, walletKeys } from '../../features/wallet/api/wallet';
import { usePayeeAccounts } from '../../features/withdraw/api/withdraw';
import { useAmountConfirmation } from '../../lib/use-amount-confirmation';
import { useApi } from '../../lib/use-api';

function useTransferToDownline() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferToDownlineBody) =>
      api<MemberTransferResult>('/wps/relay/transferToDownline', { method: 'POST', body }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: walletKeys.all });
      void client.invalidateQueries({ queryKey: agentKeys.all });
    },
  });
}

/**
 * Team management → transfer to a direct downline (spec sections 2 and 6): the amount, then a
 * confirmation with the payment password; one request id per confirmed amount, so a retry after a
 * lost answer cannot pay twice.
 */
export function TransferToDownline() {
  const { t, i18n } = useTranslation('agent');
  const { memberId = '' } = useParams();
  const [params] = useSearchParams();
  const name = params.get('name') ?? memberId;
  const balance = useWalletBalance();
  const payees = usePayeeAccounts();
  const transfer = useTransferToDownline();
  const needsPaymentPassword = payees.data?.hasPaymentPassword ?? false;
  const steps = useAmountConfirmation(needsPaymentPassword, t('common:member.password.sixDigits'));

  const head = <PanelHead title={t('transfer.title', { username: name })} lead={t('transfer.lead')} />;
  if (!balance.isSuccess)
    return (
      <>
        {head}
        <QueryState query={balance} loading={<Skeleton height={200} radius="lg" />} />
      </>
    );
  const { currency, currencySymbol } = balance.data;
  const available = balance.data.balance;
  const money = (v: number) => formatMoney(v, currency, i18n.language);

  const review = () => {
    if (steps.review(available)) transfer.reset();
  };

  const confirm = () => {
    const body = steps.confirmed();
    if (!body) return;
    transfer.mutate(
      { downlineId: memberId, ...body },
      {
        onSuccess: (result) => {
          steps.done();
          showToast(t('transfer.done', { amount: money(result.amount), username: name }), 'success');
        },
      },
    );
  };

  return (
    <>
      {head}
      <Link to="/agentHome/team">{t('team.back')}</Link>
      <Card>
        <Facts items={[{ label: t('transfer.available'), value: money(available) }]} />
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            review();
          }}
        >
          <AmountField
            label={t('income.amount')}
            value={steps.amount}
            onChange={steps.changeAmount}
            currencySymbol={currencySymbol}
            error={
              steps.problem
                ? t(`common:member.amount.${steps.problem}`, { min: money(1), max: money(available) })
                : null
            }
          />
          <Button type="submit">{t('transfer.review')}</Button>
        </form>
      </Card>
      <ConfirmDialog
        open={steps.confirming}
        title={t('transfer.confirmTitle')}
        rows={[
          { label: t('contracts.to'), value: name },
          { label: t('income.amount'), value: money(parseAmountInput(steps.amount) ?? 0), emphasis: true },
        ]}
        confirmLabel={t('transfer.confirm')}
        onConfirm={confirm}
        onClose={steps.close}
        busy={transfer.isPending}
        error={transfer.error ? transfer.error.message : null}
      >
        {needsPaymentPassword && (
          <PasswordField
            label={t('common:member.password.label')}
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
