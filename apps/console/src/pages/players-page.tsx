import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PlayerList } from '../features/players/components/player-list';

export function PlayersPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('players.title')}
      </Title>
      <PlayerList />
    </Stack>
  );
}
