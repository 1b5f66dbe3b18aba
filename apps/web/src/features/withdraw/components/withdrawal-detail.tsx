import type { Withdrawal, WithdrawalConfirmationState } from '@sorte/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmountInput } from '../../../components/ui/amount';
import { AmountField } from '../../../components/ui/amount-field';
import { Button } from '../../../components/ui/button';
import { Card, Facts } from '../../../components/ui/card';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDateTime } from '../../../components/ui/date-time';
import { formatMoney } from '../../../components/ui/money';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatusPill } from '../../../components/ui/status-pill';
import { showToast } from '../../../components/ui/toast';
import { useSecondsLeft } from '../../../components/ui/use-seconds-left';
import { useConfirmWithdrawal, useWithdrawal } from '../api/withdraw';
import {
  acceptsProofs,
  type ConfirmationErrors,
  needsReceivedAmount,
  remainderOf,
  validateConfirmation,
} from '../confirmation-rules';
import { channelNames, withdrawalTone } from '../labels';
import type { ProofProblem } from '../proof-files';
import { ProofPicker } from './proof-picker';
import styles from './withdraw.module.css';

/**
 * The withdrawal confirmation page (spec sections 2 and 4): the withdrawal's progress, then — once
 * paid — whether the money arrived: received, partly received (how much; the rest is shown), not
 * received (with proof images), and later all received. Unconfirmed by the deadline counts as
 * received.
 */
export function WithdrawalDetail({ withdrawalId }: { withdrawalId: string }) {
  const { t } = useTranslation();
  const query = useWithdrawal(withdrawalId);
  if (!query.isSuccess)
    return (
      <QueryState
        query={query}
        failedTitle={t('member.withdraw.notFound')}
        loading={
          <Card>
            <Skeleton height={32} width="50%" />
            <Skeleton height={160} />
          </Card>
        }
      />
    );
  return (
    <>
      <WithdrawalSummary withdrawal={query.data} />
      {query.data.allowedConfirmations.length > 0 && (
        <ConfirmationForm key={query.data.allowedConfirmations.join()} withdrawal={query.data} />
      )}
    </>
  );
}

const steps = ['locked', 'approved', 'paid'] as const;

function WithdrawalSummary({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t, i18n } = useTranslation();
  const money = (v: number) => formatMoney(v, w.currency, i18n.language);
  const reached = w.status === 'rejected' ? 0 : steps.indexOf(w.status as (typeof steps)[number]);
  return (
    <Card>
      <div className={styles.detailHead}>
        <div>
          <p className={styles.detailLabel}>{t('member.withdraw.detailTitle')}</p>
          <p className={styles.detailAmount}>{money(w.amount)}</p>
        </div>
        <StatusPill tone={withdrawalTone[w.status]}>{t(`member.withdraw.status.${w.status}`)}</StatusPill>
      </div>
      {w.status === 'rejected' ? (
        <p className={styles.rejected} role="status">
          {t('member.withdraw.rejectedBody', { reason: w.reason ?? '—' })}
        </p>
      ) : (
        <ol className={styles.timeline} aria-label={t('member.withdraw.progress')}>
          {steps.map((step, index) => (
            <li
              key={step}
              className={[styles.step, index <= reached ? styles.done : ''].join(' ')}
              aria-current={index === reached ? 'step' : undefined}
            >
              <span className={styles.dot} aria-hidden="true" />
              <span>{t(`member.withdraw.step.${step}`)}</span>
            </li>
          ))}
        </ol>
      )}
      {w.confirmation && (
        <p className={styles.confirmationState} role="status">
          {t(`member.confirmation.result.${w.confirmation}`, {
            received: w.receivedAmount === null ? '' : money(w.receivedAmount),
            remainder: w.remainderAmount === null ? '' : money(w.remainderAmount),
          })}
        </p>
      )}
      <Facts
        items={[
          { label: t('member.withdraw.toAccount'), value: `${channelNames[w.channel]} ${w.maskedAccount}` },
          { label: t('member.payee.holderName'), value: w.holderName },
          { label: t('member.withdraw.id'), value: w.withdrawalId },
          { label: t('member.withdraw.created'), value: formatDateTime(w.createdAt, i18n.language) },
          ...(w.decidedAt
            ? [{ label: t('member.withdraw.decided'), value: formatDateTime(w.decidedAt, i18n.language) }]
            : []),
          ...(w.paidAt
            ? [{ label: t('member.withdraw.paid'), value: formatDateTime(w.paidAt, i18n.language) }]
            : []),
          ...(w.receivedAmount !== null
            ? [{ label: t('member.confirmation.received'), value: money(w.receivedAmount) }]
            : []),
          ...(w.remainderAmount !== null
            ? [{ label: t('member.confirmation.remainder'), value: money(w.remainderAmount) }]
            : []),
          ...(w.proofCount > 0
            ? [{ label: t('member.confirmation.proofs'), value: String(w.proofCount) }]
            : []),
        ]}
      />
    </Card>
  );
}

function ConfirmationForm({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirmWithdrawal(w.withdrawalId);
  const [state, setState] = useState<WithdrawalConfirmationState | null>(null);
  const [received, setReceived] = useState('');
  const [proofs, setProofs] = useState<File[]>([]);
  const [problems, setProblems] = useState<ProofProblem[]>([]);
  const [errors, setErrors] = useState<ConfirmationErrors>({});
  const [reviewing, setReviewing] = useState(false);
  const secondsLeft = useSecondsLeft(w.confirmDeadline);
  const money = (v: number) => formatMoney(v, w.currency, i18n.language);
  const symbol = money(0).split(' ')[0] ?? '';
  const remainder = remainderOf(w.amount, received);
  const context = { amount: w.amount, allowed: w.allowedConfirmations, storedProofs: w.proofCount };

  const review = () => {
    const found = validateConfirmation(
      { state, receivedText: received, newProofs: acceptsProofs(state) ? proofs.length : 0 },
      context,
    );
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    confirm.reset();
    setReviewing(true);
  };

  const send = () => {
    if (!state) return;
    confirm.mutate(
      {
        state,
        receivedAmount: needsReceivedAmount(state) ? (parseAmountInput(received) ?? undefined) : undefined,
        proofs: acceptsProofs(state) ? proofs : [],
      },
      {
        onSuccess: () => {
          setReviewing(false);
          setProofs([]);
          showToast(t('member.confirmation.sent'), 'success');
        },
      },
    );
  };

  const amountError =
    errors.receivedAmount === 'range'
      ? t('member.confirmation.receivedRange', { amount: money(w.amount) })
      : errors.receivedAmount
        ? t(`member.amount.${errors.receivedAmount}`)
        : null;

  return (
    <Card title={t('member.confirmation.title')} highlight>
      <p className={styles.smallNote}>
        {secondsLeft !== null && secondsLeft > 0
          ? t('member.confirmation.deadline', {
              time: formatDateTime(w.confirmDeadline as string, i18n.language),
            })
          : t('member.confirmation.lead')}
      </p>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
      >
        <ChoiceChips
          label={t('member.confirmation.question')}
          variant="cards"
          value={state}
          onChange={(s) => {
            setState(s);
            setErrors({});
          }}
          choices={w.allowedConfirmations.map((s) => ({
            value: s,
            label: t(`member.confirmation.state.${s}`),
            hint: t(`member.confirmation.stateHint.${s}`),
          }))}
        />
        {errors.state && (
          <p className={styles.errorText} role="alert">
            {t('member.confirmation.chooseState')}
          </p>
        )}
        {needsReceivedAmount(state) && (
          <>
            <AmountField
              label={t('member.confirmation.receivedLabel')}
              value={received}
              onChange={(v) => {
                setReceived(v);
                setErrors((e) => ({ ...e, receivedAmount: undefined }));
              }}
              currencySymbol={symbol}
              error={amountError}
              hint={t('member.confirmation.receivedHint', { amount: money(w.amount) })}
            />
            <p className={styles.remainder} aria-live="polite">
              {t('member.confirmation.remainder')}:{' '}
              <strong className={styles.remainderValue}>{remainder === null ? '—' : money(remainder)}</strong>
            </p>
          </>
        )}
        {acceptsProofs(state) && (
          <ProofPicker
            files={proofs}
            onChange={(files) => {
              setProofs(files);
              setErrors((e) => ({ ...e, proofs: undefined }));
            }}
            storedCount={w.proofCount}
            problems={problems}
            onProblems={setProblems}
            error={errors.proofs ? t(`member.confirmation.proofError.${errors.proofs}`) : null}
          />
        )}
        <Button type="submit" block>
          {t('member.confirmation.continue')}
        </Button>
      </form>
      <ConfirmDialog
        open={reviewing}
        title={t('member.confirmation.confirmTitle')}
        lead={state ? t(`member.confirmation.stateHint.${state}`) : undefined}
        rows={[
          {
            label: t('member.confirmation.answer'),
            value: state ? t(`member.confirmation.state.${state}`) : '',
          },
          { label: t('member.common.amount'), value: money(w.amount) },
          ...(needsReceivedAmount(state)
            ? [
                { label: t('member.confirmation.received'), value: money(parseAmountInput(received) ?? 0) },
                {
                  label: t('member.confirmation.remainder'),
                  value: remainder === null ? '—' : money(remainder),
                  emphasis: true,
                },
              ]
            : []),
          ...(acceptsProofs(state) && proofs.length > 0
            ? [{ label: t('member.confirmation.proofs'), value: String(proofs.length) }]
            : []),
        ]}
        confirmLabel={t('member.confirmation.send')}
        onConfirm={send}
        onClose={() => setReviewing(false)}
        busy={confirm.isPending}
        error={confirm.error?.message ?? null}
      />
    </Card>
  );
}
