import { Badge } from '@mantine/core';
import type { WithdrawalStatus } from '@sorte/shared/contracts/payments';
import { useTranslation } from 'react-i18next';

const colours: Record<WithdrawalStatus, string> = {
  // The console's gold: its deep shade keeps the label readable on the light theme.
  locked: 'gold',
  approved: 'blue',
  paid: 'green',
  rejected: 'red',
};

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={colours[status]} variant="light">
      {t(`withdrawals.statuses.${status}`)}
    </Badge>
  );
}
