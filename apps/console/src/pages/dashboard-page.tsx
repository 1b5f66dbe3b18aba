import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DashboardView } from '../features/reports/components/dashboard';

export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('dashboard.title')}
      </Title>
      <DashboardView />
    </Stack>
  );
}
