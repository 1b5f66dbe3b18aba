import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HelpCentre } from '../features/content/components/help-centre';

export function HelpCentrePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('nav.helpCentre')}
      </Title>
      <HelpCentre />
    </Stack>
  );
}
