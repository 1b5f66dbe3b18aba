import type { DepositOrder } from '@sorte/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, Facts } from '../../../components/ui/card';
import { CopyField } from '../../../components/ui/copy-field';
import { formatClock, formatDateTime } from '../../../components/ui/date-time';
import { formatMoney } from '../../../components/ui/money';
import { QrCode } from '../../../components/ui/qr-code';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatusPill } from '../../../components/ui/status-pill';
import { useSecondsLeft } from '../../../components/ui/use-seconds-left';
import { type SandboxAction, useDepositOrder, useSandboxAction, useSandboxAvailable } from '../api/deposit';
import { channelNames, depositTone } from '../channels';
import styles from './deposit.module.css';

type Props = {
  orderId: string;
  /** Start again with a new order (after a failure, or for another deposit). */
  onNewDeposit: () => void;
};

/**
 * A deposit order: what to pay and where (PIX QR code and "copia e cola", SPEI CLABE and reference,
 * bKash/Nagad number and reference), time left, and its status, which changes live when the
 * payment arrives. In development the sandbox can "pay" it.
 */
export function DepositOrderView({ orderId, onNewDeposit }: Props) {
  const { t } = useTranslation();
  const order = useDepositOrder(orderId);
  return (
    <QueryState
      query={order}
      loading={
        <Card>
          <Skeleton height={28} width="60%" />
          <Skeleton ratio="1 / 1" width={200} />
          <Skeleton height={80} />
        </Card>
      }
      failedTitle={t('member.deposit.orderFailed')}
      failedAction={
        <Button variant="secondary" onClick={onNewDeposit}>
          {t('member.deposit.newDeposit')}
        </Button>
      }
    >
      {(data) => <OrderCard order={data} onNewDeposit={onNewDeposit} />}
    </QueryState>
  );
}

function OrderCard({ order, onNewDeposit }: { order: DepositOrder; onNewDeposit: () => void }) {
  const { t, i18n } = useTranslation();
  const secondsLeft = useSecondsLeft(order.status === 'pending' ? order.expiresAt : null);
  const amount = formatMoney(order.amount, order.currency, i18n.language);
  const pending = order.status === 'pending';
  return (
    <Card highlight={pending}>
      <div className={styles.orderHead}>
        <div>
          <p className={styles.orderLabel}>
            {t('member.deposit.orderTitle', { channel: channelNames[order.channel] })}
          </p>
          <p className={styles.orderAmount}>{amount}</p>
        </div>
        <StatusPill tone={depositTone[order.status]}>{t(`member.deposit.status.${order.status}`)}</StatusPill>
      </div>

      {pending && (
        <>
          <p className={styles.countdown} aria-live="off">
            {secondsLeft === 0
              ? t('member.deposit.expiring')
              : t('member.deposit.expiresIn', { time: formatClock(secondsLeft ?? 0) })}
          </p>
          <PaymentInstructions order={order} amount={amount} />
          <SandboxPanel orderId={order.orderId} />
        </>
      )}

      {order.status === 'paid' && (
        <div className={styles.outcome} role="status">
          <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
            <circle cx="24" cy="24" r="22" fill="var(--color-success)" opacity="0.18" />
            <path
              d="M14 25l7 7 13-15"
              fill="none"
              stroke="var(--color-success)"
              strokeWidth="4"
              strokeLinecap="round"
            />
          </svg>
          <p className={styles.outcomeTitle}>{t('member.deposit.paidTitle')}</p>
          <p className={styles.outcomeBody}>{t('member.deposit.paidBody', { amount })}</p>
        </div>
      )}
      {(order.status === 'failed' || order.status === 'expired') && (
        <div className={styles.outcome} role="status">
          <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
            <circle cx="24" cy="24" r="22" fill="var(--color-danger)" opacity="0.18" />
            <path
              d="M17 17l14 14M31 17 17 31"
              stroke="var(--color-danger)"
              strokeWidth="4"
              strokeLinecap="round"
            />
          </svg>
          <p className={styles.outcomeTitle}>{t(`member.deposit.${order.status}Title`)}</p>
          <p className={styles.outcomeBody}>{t('member.deposit.failedBody')}</p>
        </div>
      )}

      <Facts
        items={[
          { label: t('member.deposit.orderId'), value: order.orderId },
          { label: t('member.deposit.created'), value: formatDateTime(order.createdAt, i18n.language) },
          ...(order.settledAt
            ? [{ label: t('member.deposit.settled'), value: formatDateTime(order.settledAt, i18n.language) }]
            : []),
        ]}
      />
      <Button variant={pending ? 'secondary' : 'primary'} block onClick={onNewDeposit}>
        {pending ? t('member.deposit.another') : t('member.deposit.newDeposit')}
      </Button>
    </Card>
  );
}

function PaymentInstructions({ order, amount }: { order: DepositOrder; amount: string }) {
  const { t } = useTranslation();
  const payload = order.payload;
  if (payload.kind === 'pix')
    return (
      <div className={[styles.instructions, styles.pixLayout].join(' ')}>
        <div className={styles.qr}>
          <QrCode value={payload.brCode} size={216} label={t('member.deposit.pixQr', { amount })} />
        </div>
        <ol className={styles.steps}>
          <li>{t('member.deposit.pixStep1')}</li>
          <li>{t('member.deposit.pixStep2')}</li>
          <li>{t('member.deposit.pixStep3', { amount })}</li>
        </ol>
        <CopyField label={t('member.deposit.pixCopyPaste')} value={payload.brCode} multiline />
      </div>
    );
  if (payload.kind === 'spei')
    return (
      <div className={styles.instructions}>
        <ol className={styles.steps}>
          <li>{t('member.deposit.speiStep1')}</li>
          <li>{t('member.deposit.speiStep2', { amount })}</li>
          <li>{t('member.deposit.speiStep3')}</li>
        </ol>
        <CopyField label={t('member.deposit.clabe')} value={payload.clabe} />
        <CopyField label={t('member.deposit.reference')} value={payload.reference} />
        <Facts items={[{ label: t('member.deposit.beneficiary'), value: payload.beneficiary }]} />
      </div>
    );
  const wallet = channelNames[payload.wallet];
  return (
    <div className={styles.instructions}>
      <ol className={styles.steps}>
        <li>{t('member.deposit.walletStep1', { wallet })}</li>
        <li>{t('member.deposit.walletStep2', { amount })}</li>
        <li>{t('member.deposit.walletStep3')}</li>
      </ol>
      <CopyField label={t('member.deposit.walletNumber', { wallet })} value={payload.number} />
      <CopyField label={t('member.deposit.reference')} value={payload.reference} />
    </div>
  );
}

/** Development only: the sandbox provider's payer, clearly labelled so nobody mistakes it for real. */
function SandboxPanel({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const available = useSandboxAvailable(orderId);
  const action = useSandboxAction(orderId);
  if (!available.data) return null;
  const run = (a: SandboxAction) => action.mutate(a);
  return (
    <section className={styles.sandbox} aria-label={t('member.deposit.sandbox.title')}>
      <p className={styles.sandboxTitle}>
        <span className={styles.sandboxTag}>DEV</span>
        {t('member.deposit.sandbox.title')}
      </p>
      <p className={styles.sandboxBody}>{t('member.deposit.sandbox.body')}</p>
      <Button block busy={action.isPending && action.variables === 'pay'} onClick={() => run('pay')}>
        {t('member.deposit.sandbox.pay')}
      </Button>
      <div className={styles.sandboxRow}>
        <Button variant="secondary" size="sm" onClick={() => run('fail')} disabled={action.isPending}>
          {t('member.deposit.sandbox.fail')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => run('expire')} disabled={action.isPending}>
          {t('member.deposit.sandbox.expire')}
        </Button>
      </div>
      {action.isError && (
        <p className={styles.sandboxError} role="alert">
          {action.error.message}
        </p>
      )}
    </section>
  );
}
