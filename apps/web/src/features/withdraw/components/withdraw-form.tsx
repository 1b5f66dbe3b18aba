import type { PaymentChannel, Withdrawal } from '@sorte/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AmountProblem,
  amountToInput,
  checkAmount,
  parseAmountInput,
} from '../../../components/ui/amount';
import { AmountField } from '../../../components/ui/amount-field';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatMoney } from '../../../components/ui/money';
import { allOf, QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { PasswordField } from '../../../components/ui/text-field';
import { newRequestId } from '../../../lib/request-id';
import { useCreateWithdrawal, usePayeeAccounts, useWithdrawChannels } from '../api/withdraw';
import { channelNames } from '../labels';
import styles from './withdraw.module.css';

type Props = {
  /** Cash the member can withdraw now (minor units), from the wallet balance. */
  available: number | undefined;
  currency: string;
  currencySymbol: string;
  onCreated: (withdrawal: Withdrawal) => void;
};

/**
 * Withdraw (spec section 2): to one of the bound accounts, within the channel's bounds and the
 * cash available; a summary says the amount is held at once until an operator decides, and the
 * payment password confirms it. One request id per attempt, reused when retrying after an error,
 * so a retry never holds the money twice.
 */
export function WithdrawForm({ available, currency, currencySymbol, onCreated }: Props) {
  const { t, i18n } = useTranslation();
  const payees = usePayeeAccounts();
  const channels = useWithdrawChannels();
  const create = useCreateWithdrawal();
  const [accountId, setAccountId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<AmountProblem | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [requestId, setRequestId] = useState<string | null>(null);
  const money = (v: number) => formatMoney(v, currency, i18n.language);

  if (!payees.isSuccess || !channels.isSuccess)
    return <QueryState query={allOf(payees, channels)} loading={<Skeleton height={220} radius="lg" />} />;
  const accounts = payees.data.accounts.filter((a) =>
    channels.data.channels.some((c) => c.code === a.channel),
  );
  if (accounts.length === 0)
    return (
      <Card title={t('member.withdraw.formTitle')}>
        <p className={styles.smallNote}>{t('member.withdraw.bindFirst')}</p>
      </Card>
    );
  const account = accounts.find((a) => a.id === accountId) ?? accounts[0];
  if (!account) return null;
  const channel = channels.data.channels.find((c) => c.code === account.channel) as PaymentChannel;
  const limits = { min: channel.minAmount, max: channel.maxAmount, available };
  const minor = parseAmountInput(amount);
  const fresh = () => setRequestId(null);

  const review = () => {
    const p = checkAmount(amount, limits);
    setProblem(p);
    if (p) return;
    create.reset();
    setPassword('');
    setPasswordError(null);
    setRequestId((id) => id ?? newRequestId());
    setConfirming(true);
  };

  const confirm = () => {
    if (minor === null || !requestId) return;
    if (!/^\d{6}$/.test(password)) {
      setPasswordError(t('member.password.sixDigits'));
      return;
    }
    create.mutate(
      { payeeAccountId: account.id, amount: minor, paymentPassword: password, requestId },
      {
        onSuccess: (withdrawal) => {
          setConfirming(false);
          setAmount('');
          setRequestId(null);
          onCreated(withdrawal);
        },
      },
    );
  };

  return (
    <Card title={t('member.withdraw.formTitle')}>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
      >
        <ChoiceChips
          label={t('member.withdraw.toAccount')}
          variant="cards"
          value={account.id}
          onChange={(id) => {
            setAccountId(id);
            setProblem(null);
            fresh();
          }}
          choices={accounts.map((a) => ({
            value: a.id,
            label: <span className={styles.mono}>{a.maskedValue}</span>,
            hint: `${channelNames[a.channel]} · ${t(`member.payee.types.${a.type}`)} · ${a.holderName}`,
          }))}
        />
        <AmountField
          label={t('member.common.amount')}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setProblem(null);
            fresh();
          }}
          currencySymbol={currencySymbol}
          error={
            problem ? t(`member.amount.${problem}`, { min: money(limits.min), max: money(limits.max) }) : null
          }
          hint={`${t('member.amount.range', { min: money(limits.min), max: money(limits.max) })} · ${t(
            'member.withdraw.available',
            { amount: available === undefined ? '…' : money(available) },
          )}`}
          trailing={
            available !== undefined && available >= limits.min ? (
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => {
                  setAmount(amountToInput(Math.min(available, limits.max)));
                  setProblem(null);
                  fresh();
                }}
              >
                {t('member.withdraw.max')}
              </button>
            ) : undefined
          }
        />
        <Button type="submit" block>
          {t('member.withdraw.continue')}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('member.withdraw.confirmTitle')}
        lead={t('member.withdraw.confirmLead')}
        rows={[
          {
            label: t('member.withdraw.toAccount'),
            value: `${channelNames[account.channel]} ${account.maskedValue}`,
          },
          { label: t('member.payee.holderName'), value: account.holderName },
          { label: t('member.common.amount'), value: money(minor ?? 0), emphasis: true },
        ]}
        confirmLabel={t('member.withdraw.confirm')}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
        busy={create.isPending}
        error={create.error?.message ?? null}
      >
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
      </ConfirmDialog>
    </Card>
  );
}
