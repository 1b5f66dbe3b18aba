import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MerchantSettingsScreen } from '../features/settings/components/merchant-settings';

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('settings.title')}
      </Title>
      <MerchantSettingsScreen />
    </Stack>
  );
}
