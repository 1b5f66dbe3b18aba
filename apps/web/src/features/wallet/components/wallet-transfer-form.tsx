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
import { EmptyState } from '../../../components/ui/empty-state';
import { formatMoney, Money } from '../../../components/ui/money';
import { QueryState } from '../../../components/ui/query-state';
import { SelectField } from '../../../components/ui/select-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { showToast } from '../../../components/ui/toast';
import { newRequestId } from '../../../lib/request-id';
import { useVendorWallets, useWalletTransfer } from '../api/wallet';
import styles from './wallet.module.css';

const MAIN = 'MAIN';
type Direction = 'in' | 'out';

/**
 * Wallet transfer (spec section 2), for merchants whose vendors keep their own wallets: money moves
 * between the main wallet and one vendor wallet, after a summary and a confirmation.
 */
export function WalletTransferForm() {
  const { t, i18n } = useTranslation();
  const wallets = useVendorWallets();
  const transfer = useWalletTransfer();
  const [vendor, setVendor] = useState('');
  const [direction, setDirection] = useState<Direction>('in');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<AmountProblem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [requestId, setRequestId] = useState<string | null>(null);

  if (!wallets.isSuccess)
    return <QueryState query={wallets} loading={<Skeleton height={240} radius="lg" />} />;
  const data = wallets.data;
  if (data.isSingle || data.wallets.length === 0)
    return (
      <EmptyState
        icon="lock"
        title={t('member.walletTransfer.single')}
        body={t('member.walletTransfer.singleBody')}
      />
    );

  const chosen = data.wallets.find((w) => w.vendor === vendor) ?? data.wallets[0];
  if (!chosen) return null;
  const from = direction === 'in' ? MAIN : chosen.vendor;
  const to = direction === 'in' ? chosen.vendor : MAIN;
  const available = direction === 'in' ? data.main : chosen.balance;
  const nameOf = (code: string) => (code === MAIN ? t('member.walletTransfer.main') : chosen.name);
  const money = (v: number) => formatMoney(v, data.currency, i18n.language);

  const problemText = (p: AmountProblem | null) =>
    p === null ? null : t(`member.amount.${p}`, { min: money(1), max: money(available) });

  const review = () => {
    const p = checkAmount(amount, { min: 1, available });
    setProblem(p);
    if (p) return;
    transfer.reset();
    setRequestId((id) => id ?? newRequestId());
    setConfirming(true);
  };

  const confirm = () => {
    const minor = parseAmountInput(amount);
    if (minor === null || !requestId) return;
    transfer.mutate(
      { from, to, amount: minor, requestId },
      {
        onSuccess: () => {
          setConfirming(false);
          setAmount('');
          setRequestId(null);
          showToast(t('member.walletTransfer.done'), 'success');
        },
      },
    );
  };

  return (
    <>
      <Card title={t('member.walletTransfer.wallets')}>
        <ul className={styles.walletList}>
          <li className={styles.walletRow}>
            <span>{t('member.walletTransfer.main')}</span>
            <Money value={data.main} currency={data.currency} />
          </li>
          {data.wallets.map((w) => (
            <li key={w.vendor} className={styles.walletRow}>
              <span>{w.name}</span>
              <Money value={w.balance} currency={data.currency} />
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t('member.walletTransfer.title')}>
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            review();
          }}
        >
          <SelectField
            label={t('member.walletTransfer.vendor')}
            value={chosen.vendor}
            onChange={(v) => {
              setVendor(v);
              setRequestId(null);
            }}
            options={data.wallets.map((w) => ({ value: w.vendor, label: w.name }))}
          />
          <ChoiceChips
            label={t('member.walletTransfer.direction')}
            value={direction}
            onChange={(d) => {
              setDirection(d);
              setRequestId(null);
            }}
            choices={[
              { value: 'in', label: t('member.walletTransfer.toVendor', { name: chosen.name }) },
              { value: 'out', label: t('member.walletTransfer.toMain') },
            ]}
          />
          <AmountField
            label={t('member.common.amount')}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setProblem(null);
              setRequestId(null);
            }}
            currencySymbol={data.currencySymbol}
            error={problemText(problem)}
            hint={t('member.walletTransfer.available', { amount: money(available) })}
            trailing={
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => {
                  setAmount(amountToInput(available));
                  setProblem(null);
                  setRequestId(null);
                }}
              >
                {t('member.walletTransfer.all')}
              </button>
            }
          />
          <Button type="submit" block>
            {t('member.walletTransfer.review')}
          </Button>
        </form>
      </Card>
      <ConfirmDialog
        open={confirming}
        title={t('member.walletTransfer.confirmTitle')}
        lead={t('member.walletTransfer.confirmLead')}
        rows={[
          { label: t('member.walletTransfer.from'), value: nameOf(from) },
          { label: t('member.walletTransfer.to'), value: nameOf(to) },
          { label: t('member.common.amount'), value: money(parseAmountInput(amount) ?? 0), emphasis: true },
        ]}
        confirmLabel={t('member.walletTransfer.confirm')}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
        busy={transfer.isPending}
        error={transfer.error?.message ?? null}
      />
    </>
  );
}
