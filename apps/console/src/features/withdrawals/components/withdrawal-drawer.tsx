import { Anchor, Badge, Drawer, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { type Fact, Facts } from '../../../components/facts';
import { ListError } from '../../../components/list-states';
import { errorMessage } from '../../../lib/api';
import { formatDateTime, formatMinor } from '../../../lib/format';
import { type OperatorWithdrawal, proofUrl, useWithdrawal } from '../api/withdrawals';
import { DecisionButtons } from './decision-buttons';
import type { Decision } from './decision-modals';
import { decisionsFor, disputeActionsFor, memberOf } from './describe';
import { RiskFacts } from './risk-facts';
import { WithdrawalStatusBadge } from './withdrawal-status-badge';

type WithdrawalDrawerProps = {
  withdrawalId: string | null;
  canDecide: boolean;
  onClose: () => void;
  onDecide: (decision: Decision) => void;
};

/** One withdrawal in full, read again from the server, with its proofs and the decision buttons. */
export function WithdrawalDrawer({ withdrawalId, canDecide, onClose, onDecide }: WithdrawalDrawerProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const withdrawal = useWithdrawal(withdrawalId);

  return (
    <Drawer
      opened={withdrawalId !== null}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'lg'}
      title={withdrawalId ? t('withdrawals.detailTitle', { id: withdrawalId }) : ''}
    >
      {withdrawal.isPending ? (
        <Stack gap="xs">
          {Array.from({ length: 8 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
            <Skeleton key={index} height={24} />
          ))}
        </Stack>
      ) : withdrawal.isError ? (
        <ListError message={errorMessage(withdrawal.error)} onRetry={() => void withdrawal.refetch()} />
      ) : (
        <WithdrawalDetail withdrawal={withdrawal.data} canDecide={canDecide} onDecide={onDecide} />
      )}
    </Drawer>
  );
}

function WithdrawalDetail({
  withdrawal,
  canDecide,
  onDecide,
}: {
  withdrawal: OperatorWithdrawal;
  canDecide: boolean;
  onDecide: (decision: Decision) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const when = (iso: string | null) => formatDateTime(iso, lang);
  const facts: Fact[] = [
    {
      label: t('withdrawals.detail.amount'),
      value: <Text fw={700}>{formatMinor(withdrawal.amount, withdrawal.currency, lang)}</Text>,
    },
    { label: t('withdrawals.detail.status'), value: <WithdrawalStatusBadge status={withdrawal.status} /> },
    { label: t('withdrawals.detail.member'), value: memberOf(withdrawal) },
    { label: t('withdrawals.detail.memberId'), value: withdrawal.memberId },
    ...(withdrawal.merchantCode
      ? [{ label: t('withdrawals.detail.merchant'), value: withdrawal.merchantCode }]
      : []),
    { label: t('withdrawals.detail.channel'), value: withdrawal.channel },
    { label: t('withdrawals.detail.payee'), value: withdrawal.holderName },
    { label: t('withdrawals.detail.accountType'), value: withdrawal.accountType },
    { label: t('withdrawals.detail.account'), value: withdrawal.accountValue || withdrawal.maskedAccount },
    { label: t('withdrawals.detail.createdAt'), value: when(withdrawal.createdAt) },
    { label: t('withdrawals.detail.decidedAt'), value: when(withdrawal.decidedAt) },
    { label: t('withdrawals.detail.operator'), value: withdrawal.operator ?? t('common.none') },
    { label: t('withdrawals.detail.paidAt'), value: when(withdrawal.paidAt) },
    ...(withdrawal.payoutError
      ? [{ label: t('withdrawals.detail.payoutError'), value: <Text c="red">{withdrawal.payoutError}</Text> }]
      : []),
    { label: t('withdrawals.detail.reason'), value: withdrawal.reason ?? t('common.none') },
    {
      label: t('withdrawals.detail.providerReference'),
      value: withdrawal.providerReference ?? t('common.none'),
    },
    {
      label: t('withdrawals.detail.confirmation'),
      value: withdrawal.confirmation
        ? t(`withdrawals.confirmations.${withdrawal.confirmation}`)
        : t('common.none'),
    },
    ...(withdrawal.receivedAmount !== null
      ? [
          {
            label: t('withdrawals.detail.receivedAmount'),
            value: formatMinor(withdrawal.receivedAmount, withdrawal.currency, lang),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="lg">
      {canDecide && decisionsFor(withdrawal).length > 0 ? (
        <Group gap="sm">
          <DecisionButtons withdrawal={withdrawal} size="sm" onDecide={onDecide} />
        </Group>
      ) : null}
      <Facts facts={facts} />
      {withdrawal.dispute ? (
        <DisputeSection withdrawal={withdrawal} canDecide={canDecide} onDecide={onDecide} />
      ) : null}
      <Stack gap="xs">
        <Text fw={600}>{t('withdrawals.detail.proofs')}</Text>
        {withdrawal.proofs.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('withdrawals.detail.noProofs')}
          </Text>
        ) : (
          <List size="sm">
            {withdrawal.proofs.map((proof, index) => (
              <List.Item key={proof.id}>
                <Anchor
                  href={proofUrl(withdrawal.withdrawalId, proof.id)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('withdrawals.detail.proof', {
                    n: index + 1,
                    type: proof.contentType,
                    size: Math.max(1, Math.round(proof.sizeBytes / 1024)),
                  })}
                </Anchor>{' '}
                <Text span size="xs" c="dimmed">
                  {formatDateTime(proof.createdAt, lang)}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      <RiskFacts withdrawalId={withdrawal.withdrawalId} />
    </Stack>
  );
}

const disputeColours = { open: 'orange', rejected: 'gray', resent: 'green', returned: 'blue' } as const;

/**
 * The member's dispute (partly received, or not received with proofs; the proofs are listed below)
 * and, once settled, how; the settling buttons while it is open or its second payout is unpaid.
 */
function DisputeSection({
  withdrawal,
  canDecide,
  onDecide,
}: {
  withdrawal: OperatorWithdrawal;
  canDecide: boolean;
  onDecide: (decision: Decision) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const dispute = withdrawal.dispute;
  if (!dispute) return null;
  const money = (minor: number) => formatMinor(minor, withdrawal.currency, lang);
  const actions = canDecide ? disputeActionsFor(withdrawal) : [];
  const facts: Fact[] = [
    {
      label: t('withdrawals.dispute.state'),
      value: (
        <Badge color={disputeColours[dispute.state]} variant="light">
          {t(`withdrawals.dispute.states.${dispute.state}`)}
        </Badge>
      ),
    },
    { label: t('withdrawals.dispute.missing'), value: <Text fw={700}>{money(dispute.amount)}</Text> },
    ...(dispute.resolvedAt
      ? [
          { label: t('withdrawals.dispute.settledBy'), value: dispute.operator ?? t('common.none') },
          { label: t('withdrawals.dispute.settledAt'), value: formatDateTime(dispute.resolvedAt, lang) },
          { label: t('withdrawals.dispute.reason'), value: dispute.reason ?? t('common.none') },
        ]
      : []),
    ...(dispute.state === 'resent'
      ? [
          {
            label: t('withdrawals.dispute.secondPayout'),
            value: dispute.paidAt
              ? t('withdrawals.dispute.paidOn', { at: formatDateTime(dispute.paidAt, lang) })
              : t('withdrawals.dispute.notPaidYet'),
          },
          {
            label: t('withdrawals.detail.providerReference'),
            value: dispute.payoutReference ?? t('common.none'),
          },
        ]
      : []),
    ...(dispute.payoutError && !dispute.paidAt
      ? [{ label: t('withdrawals.detail.payoutError'), value: <Text c="red">{dispute.payoutError}</Text> }]
      : []),
  ];
  return (
    <Stack gap="xs" component="section" aria-label={t('withdrawals.dispute.title')}>
      <Text fw={600}>{t('withdrawals.dispute.title')}</Text>
      {dispute.state === 'open' ? (
        <Text size="sm" c="dimmed">
          {t('withdrawals.dispute.openHint')}
        </Text>
      ) : null}
      <Facts facts={facts} />
      {actions.length > 0 ? (
        <Group gap="sm">
          <DecisionButtons withdrawal={withdrawal} size="sm" onDecide={onDecide} actions={actions} />
        </Group>
      ) : null}
    </Stack>
  );
}
