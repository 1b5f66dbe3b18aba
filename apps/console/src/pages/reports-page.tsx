import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DailyReportView } from '../features/reports/components/daily-report';
import { useSignedInOperator } from '../lib/operator-context';

export function ReportsPage() {
  const { t } = useTranslation();
  const operator = useSignedInOperator();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('reports.title')}
      </Title>
      <Text size="sm" c="dimmed" maw={760}>
        {t('reports.intro')}
      </Text>
      <DailyReportView merchantLocked={operator.merchantCode !== null} />
    </Stack>
  );
}
