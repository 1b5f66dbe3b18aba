import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdjustmentStatus } from '../api/adjustments';

const colours: Record<AdjustmentStatus, string> = {
  // The console's gold: its deep shade keeps the label readable on the light theme.
  pending: 'gold',
  approved: 'blue',
  applied: 'green',
  rejected: 'gray',
  failed: 'red',
};

export function AdjustmentStatusBadge({ status }: { status: AdjustmentStatus }) {
  const { t } = useTranslation();
  return (
    // The label keeps its width in a narrow table cell (Mantine's badge would cut it to "WAIT…").
    <Badge color={colours[status]} variant="light" styles={{ label: { overflow: 'visible' } }}>
      {t(`adjustments.statuses.${status}`)}
    </Badge>
  );
}
