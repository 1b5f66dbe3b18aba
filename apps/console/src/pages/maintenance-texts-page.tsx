import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MaintenanceTexts } from '../features/content/components/maintenance-texts';

export function MaintenanceTextsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('nav.maintenanceTexts')}
      </Title>
      <MaintenanceTexts />
    </Stack>
  );
}
