import {
  Alert,
  Button,
  Card,
  Drawer,
  Group,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ManualCredit, OperatorDepositDetail } from '@sorte/shared/contracts/payments';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type Fact, Facts } from '../../../components/facts';
import { ListError } from '../../../components/list-states';
import { errorMessage } from '../../../lib/api';
import { formatDateTime, formatMinor } from '../../../lib/format';
import { useDeposit } from '../api/deposits';
import { DepositStatusBadges } from './deposit-status-badge';
import type { CreditDialog } from './manual-credit-modals';

type DepositDrawerProps = {
  orderId: string | null;
  canDecide: boolean;
  operatorName: string;
  onClose: () => void;
  onDialog: (dialog: CreditDialog) => void;
};

/** One deposit order in full: its facts, its states in time, and its manual credits. */
export function DepositDrawer({ orderId, canDecide, operatorName, onClose, onDialog }: DepositDrawerProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const deposit = useDeposit(orderId);
  return (
    <Drawer
      opened={orderId !== null}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'lg'}
      title={orderId ? t('deposits.detailTitle', { id: orderId }) : ''}
    >
      {deposit.isPending ? (
        <Stack gap="xs" role="status" aria-label={t('common.loading')}>
          {Array.from({ length: 8 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
            <Skeleton key={index} height={24} />
          ))}
        </Stack>
      ) : deposit.isError ? (
        <ListError message={errorMessage(deposit.error)} onRetry={() => void deposit.refetch()} />
      ) : (
        <DepositDetail
          deposit={deposit.data}
          canDecide={canDecide}
          operatorName={operatorName}
          onDialog={onDialog}
        />
      )}
    </Drawer>
  );
}

function DepositDetail({
  deposit,
  canDecide,
  operatorName,
  onDialog,
}: {
  deposit: OperatorDepositDetail;
  canDecide: boolean;
  operatorName: string;
  onDialog: (dialog: CreditDialog) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const when = (iso: string | null) => formatDateTime(iso, lang);
  const facts: Fact[] = [
    {
      label: t('deposits.detail.amount'),
      value: <Text fw={700}>{formatMinor(deposit.amount, deposit.currency, lang)}</Text>,
    },
    { label: t('deposits.detail.status'), value: <DepositStatusBadges deposit={deposit} /> },
    { label: t('deposits.detail.member'), value: `${deposit.username} (#${deposit.memberId})` },
    { label: t('deposits.detail.merchant'), value: deposit.merchantCode },
    { label: t('deposits.detail.channel'), value: `${deposit.channel} · ${deposit.provider}` },
    { label: t('deposits.detail.providerReference'), value: deposit.providerReference },
    { label: t('deposits.detail.reference'), value: deposit.reference },
    { label: t('deposits.detail.createdAt'), value: when(deposit.createdAt) },
    { label: t('deposits.detail.expiresAt'), value: when(deposit.expiresAt) },
    { label: t('deposits.detail.settledAt'), value: when(deposit.settledAt) },
    {
      label: t('deposits.detail.creditedBy'),
      value: deposit.creditedBy ? t(`deposits.creditedBy.${deposit.creditedBy}`) : t('common.none'),
    },
  ];
  const pending = deposit.manualCredits.find((c) => c.status === 'pending');
  const mayAsk = canDecide && deposit.status !== 'paid' && !pending;

  return (
    <Stack gap="lg">
      {mayAsk ? (
        <Group>
          <Button color="green" variant="light" onClick={() => onDialog({ action: 'request', deposit })}>
            {t('deposits.credit.request')}
          </Button>
        </Group>
      ) : null}
      <Facts facts={facts} />
      {pending ? (
        <PendingCredit
          deposit={deposit}
          credit={pending}
          canDecide={canDecide}
          isOwn={pending.requestedBy === operatorName}
          onDialog={onDialog}
        />
      ) : null}
      <Stack gap="xs" component="section" aria-label={t('deposits.states.title')}>
        <Text fw={600}>{t('deposits.states.title')}</Text>
        <States deposit={deposit} />
      </Stack>
    </Stack>
  );
}

/** The request waiting for a second operator, with Approve (not on one's own request) and Reject. */
function PendingCredit({
  deposit,
  credit,
  canDecide,
  isOwn,
  onDialog,
}: {
  deposit: OperatorDepositDetail;
  credit: ManualCredit;
  canDecide: boolean;
  isOwn: boolean;
  onDialog: (dialog: CreditDialog) => void;
}) {
  const { t, i18n } = useTranslation();
  const hintId = useId();
  const approve = (
    <Button
      size="sm"
      color="green"
      disabled={isOwn}
      aria-describedby={isOwn ? hintId : undefined}
      onClick={() => onDialog({ action: 'approve', deposit, credit })}
    >
      {t('deposits.credit.approve')}
    </Button>
  );
  return (
    <Card withBorder padding="sm" component="section" aria-label={t('deposits.credit.pendingTitle')}>
      <Stack gap="xs">
        <Text fw={600}>{t('deposits.credit.pendingTitle')}</Text>
        <Text size="sm">
          {t('deposits.credit.pendingText', {
            by: credit.requestedBy,
            at: formatDateTime(credit.requestedAt, i18n.language),
          })}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {credit.reason}
        </Text>
        {canDecide ? (
          <Group gap="sm">
            {isOwn ? (
              <Tooltip label={t('deposits.credit.ownRequest')} withArrow multiline w={240}>
                {/* A disabled button gets no pointer events: the tooltip listens on its wrapper. */}
                <span style={{ display: 'inline-block' }}>
                  {approve}
                  <VisuallyHidden id={hintId}>{t('deposits.credit.ownRequest')}</VisuallyHidden>
                </span>
              </Tooltip>
            ) : (
              approve
            )}
            <Button
              size="sm"
              color="red"
              variant="light"
              onClick={() => onDialog({ action: 'reject', deposit, credit })}
            >
              {t('deposits.credit.reject')}
            </Button>
          </Group>
        ) : null}
        {isOwn && canDecide ? (
          <Alert color="blue" variant="light" p="xs">
            <Text size="xs">{t('deposits.credit.ownRequest')}</Text>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

type State = { at: string; title: string; text?: string; detail?: string; colour: string };

/**
 * The order's life in time: created, each call of the provider's webhook and what the platform did
 * with it, each manual credit request and its decision, and where it ended.
 */
function States({ deposit }: { deposit: OperatorDepositDetail }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const states: State[] = [
    { at: deposit.createdAt, title: t('deposits.states.created'), colour: 'gray' },
    ...deposit.events.map((e) => ({
      at: e.receivedAt,
      title: t('deposits.states.event', { type: e.type ?? t('common.none') }),
      text: t('deposits.states.outcome', { outcome: e.outcome }),
      ...(e.eventId ? { detail: e.eventId } : {}),
      colour: e.outcome === 'credited' ? 'green' : 'orange',
    })),
    ...deposit.manualCredits.flatMap((c) => [
      {
        at: c.requestedAt,
        title: t('deposits.states.creditRequested', { by: c.requestedBy }),
        text: c.reason,
        colour: 'blue',
      },
      ...(c.decidedAt
        ? [
            {
              at: c.decidedAt,
              title: t(`deposits.states.credit.${c.status}`, { by: c.decidedBy ?? '' }),
              ...(c.decisionReason ? { text: c.decisionReason } : {}),
              colour: c.status === 'applied' ? 'green' : 'gray',
            },
          ]
        : []),
    ]),
    ...(deposit.settledAt
      ? [
          {
            at: deposit.settledAt,
            title: t('deposits.states.settled', { status: t(`deposits.statuses.${deposit.status}`) }),
            colour: deposit.status === 'paid' ? 'green' : 'red',
          },
        ]
      : [
          {
            at: deposit.expiresAt,
            title: t('deposits.states.expires'),
            colour: 'gold',
          },
        ]),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Timeline bulletSize={14} lineWidth={2}>
      {states.map((state, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two states may share their time and title
        <Timeline.Item key={index} title={state.title} color={state.colour}>
          {state.text ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {state.text}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {formatDateTime(state.at, lang)}
            {state.detail ? ` · ${state.detail}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
