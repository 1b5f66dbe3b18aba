import { Badge, Group } from '@mantine/core';
import type { WithdrawalRiskAlert } from '@sorte/shared/contracts/payments';
import { useTranslation } from 'react-i18next';

/** The risk facts that deserve a second look, as short badges with the long text as their title. */
export function RiskAlertBadges({ alerts }: { alerts: readonly WithdrawalRiskAlert[] }) {
  const { t } = useTranslation();
  if (alerts.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" aria-label={t('withdrawals.risk.alertsLabel')}>
      {alerts.map((alert) => (
        <Badge
          key={alert}
          color="orange"
          variant="outline"
          size="sm"
          title={t(`withdrawals.risk.alertHints.${alert}`)}
          styles={{ label: { overflow: 'visible' } }}
        >
          {t(`withdrawals.risk.alerts.${alert}`)}
        </Badge>
      ))}
    </Group>
  );
}
