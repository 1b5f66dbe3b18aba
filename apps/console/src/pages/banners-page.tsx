import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BannerList } from '../features/content/components/banner-list';

export function BannersPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('banners.title')}
      </Title>
      <BannerList />
    </Stack>
  );
}
