import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PlayerStatusBadge({ isBlocked }: { isBlocked: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={isBlocked ? 'red' : 'green'} variant="light">
      {isBlocked ? t('players.statuses.blocked') : t('players.statuses.active')}
    </Badge>
  );
}

/** Member type of the spec: 0 member, 1/2/41/42 agents, 4 free-play trial. */
export function playerTypeKey(type: number) {
  if (type === 0) return 'players.types.member' as const;
  if (type === 4) return 'players.types.trial' as const;
  return 'players.types.agent' as const;
}
