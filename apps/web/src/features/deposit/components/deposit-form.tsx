import type { DepositOrder, PaymentChannel, PaymentChannelCode } from '@sorte/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AmountProblem,
  amountToInput,
  checkAmount,
  parseAmountInput,
  quickAmounts,
} from '../../../components/ui/amount';
import { AmountField } from '../../../components/ui/amount-field';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatMoney } from '../../../components/ui/money';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCreateDeposit, useDepositChannels } from '../api/deposit';
import { channelNames } from '../channels';
import styles from './deposit.module.css';

type Props = { onCreated: (order: DepositOrder) => void };

/**
 * Depositv2 (spec section 2): pick one of the merchant's channels, an amount within its bounds
 * (typed or from the quick chips), review and confirm; the order comes back pending with the
 * payment instructions.
 */
export function DepositForm({ onCreated }: Props) {
  const { t, i18n } = useTranslation();
  const channels = useDepositChannels();
  const create = useCreateDeposit();
  const [code, setCode] = useState<PaymentChannelCode | null>(null);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<AmountProblem | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (!channels.isSuccess)
    return (
      <QueryState
        query={channels}
        loading={
          <Card>
            <Skeleton height={64} />
            <Skeleton height={48} />
            <Skeleton height={44} />
          </Card>
        }
      />
    );
  const list = channels.data.channels;
  if (list.length === 0)
    return (
      <EmptyState
        icon="lock"
        title={t('member.deposit.noChannels')}
        body={t('member.deposit.noChannelsBody')}
      />
    );

  const channel: PaymentChannel = list.find((c) => c.code === code) ?? (list[0] as PaymentChannel);
  const money = (v: number) => formatMoney(v, channel.currency, i18n.language);
  const range = t('member.amount.range', { min: money(channel.minAmount), max: money(channel.maxAmount) });
  const limits = { min: channel.minAmount, max: channel.maxAmount };
  const chips = quickAmounts(channel.minAmount, channel.maxAmount);
  const minor = parseAmountInput(amount);

  const review = () => {
    const p = checkAmount(amount, limits);
    setProblem(p);
    if (p) return;
    create.reset();
    setConfirming(true);
  };

  const confirm = () => {
    if (minor === null) return;
    create.mutate(
      { channel: channel.code, amount: minor },
      {
        onSuccess: (order) => {
          setConfirming(false);
          onCreated(order);
        },
      },
    );
  };

  return (
    <Card>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
      >
        <ChoiceChips
          label={t('member.deposit.channel')}
          variant="cards"
          value={channel.code}
          onChange={(c) => {
            setCode(c);
            setProblem(null);
          }}
          choices={list.map((c) => ({
            value: c.code,
            label: (
              <span className={styles.channelName}>
                <ChannelMark code={c.code} />
                {channelNames[c.code]}
              </span>
            ),
            hint: t(`member.deposit.channelHint.${c.code}`),
          }))}
        />
        <AmountField
          label={t('member.common.amount')}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setProblem(null);
          }}
          currencySymbol={formatMoney(0, channel.currency, i18n.language).split(' ')[0] ?? ''}
          error={
            problem ? t(`member.amount.${problem}`, { min: money(limits.min), max: money(limits.max) }) : null
          }
          hint={range}
        />
        <ChoiceChips
          label={t('member.deposit.quickAmounts')}
          hideLabel
          value={minor !== null && chips.includes(minor) ? String(minor) : null}
          onChange={(v) => {
            setAmount(amountToInput(Number(v)));
            setProblem(null);
          }}
          choices={chips.map((c) => ({ value: String(c), label: money(c) }))}
        />
        <Button type="submit" block>
          {t('member.deposit.continue')}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('member.deposit.confirmTitle')}
        lead={t('member.deposit.confirmLead', { channel: channelNames[channel.code] })}
        rows={[
          { label: t('member.deposit.channel'), value: channelNames[channel.code] },
          { label: t('member.common.amount'), value: money(minor ?? 0), emphasis: true },
        ]}
        confirmLabel={t('member.deposit.confirm')}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
        busy={create.isPending}
        error={create.error?.message ?? null}
      />
    </Card>
  );
}

/** A small coloured mark per channel, so the choice reads at a glance. */
export function ChannelMark({ code }: { code: PaymentChannelCode }) {
  const colours: Record<PaymentChannelCode, string> = {
    PIX: '#32bcad',
    SPEI: '#3a7bd5',
    BKASH: '#e2136e',
    NAGAD: '#f6921e',
  };
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <rect x="3" y="3" width="18" height="18" rx="5" transform="rotate(45 12 12)" fill={colours[code]} />
      <circle cx="12" cy="12" r="3.2" fill="#fff" />
    </svg>
  );
}
