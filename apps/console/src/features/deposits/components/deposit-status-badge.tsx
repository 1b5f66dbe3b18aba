import { Badge, Group } from '@mantine/core';
import type { DepositStatus, OperatorDeposit } from '@sorte/shared/contracts/payments';
import { useTranslation } from 'react-i18next';

const colours: Record<DepositStatus, string> = {
  // The console's gold: its deep shade keeps the label readable on the light theme.
  pending: 'gold',
  paid: 'green',
  failed: 'red',
  expired: 'gray',
};

/** The order's status, and beside it a manual credit waiting for approval or one that credited it. */
export function DepositStatusBadges({ deposit }: { deposit: OperatorDeposit }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={colours[deposit.status]} variant="light">
        {t(`deposits.statuses.${deposit.status}`)}
      </Badge>
      {deposit.manualCreditPending ? (
        <Badge color="orange" variant="filled" styles={{ label: { overflow: 'visible' } }}>
          {t('deposits.awaitingBadge')}
        </Badge>
      ) : null}
      {deposit.creditedBy === 'manual' ? (
        <Badge color="blue" variant="outline" styles={{ label: { overflow: 'visible' } }}>
          {t('deposits.creditedBy.manual')}
        </Badge>
      ) : null}
    </Group>
  );
}
