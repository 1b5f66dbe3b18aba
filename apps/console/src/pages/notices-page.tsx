import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AnnouncementList } from '../features/content/components/announcement-list';

export function NoticesPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('nav.notices')}
      </Title>
      <AnnouncementList kind="notices" />
    </Stack>
  );
}
