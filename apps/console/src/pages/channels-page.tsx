import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChannelList } from '../features/settings/components/channel-list';

export function ChannelsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('channels.title')}
      </Title>
      <Text size="sm" c="dimmed" maw={720}>
        {t('channels.intro')}
      </Text>
      <ChannelList />
    </Stack>
  );
}
