import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AnnouncementList } from '../features/content/components/announcement-list';

export function PromotionsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('nav.promotions')}
      </Title>
      <AnnouncementList kind="promotions" />
    </Stack>
  );
}
