import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  AdjustBalanceModal,
  type AdjustedPlayer,
} from '../features/adjustments/components/adjust-balance-modal';
import { useRefreshPlayer } from '../features/players/api/players';
import { PlayerDetail } from '../features/players/components/player-detail';
import { hasPermission, useSignedInOperator } from '../lib/operator-context';
import { NotFoundPage } from './not-found-page';

const memberIdPattern = /^[1-9][0-9]{0,17}$/;

/**
 * /players/:memberId (?tab=statement|rounds|payments|notes): one player, with the actions the
 * operator's permissions allow, and the balance adjustment for operators who may ask for one.
 */
export function PlayerPage() {
  const { memberId = '' } = useParams();
  const operator = useSignedInOperator();
  if (!memberIdPattern.test(memberId)) return <NotFoundPage />;
  const canAdjust = hasPermission(operator, 'players.adjust');
  return (
    <PlayerDetail
      key={memberId}
      memberId={memberId}
      canBlock={hasPermission(operator, 'players.block')}
      canWriteNotes={hasPermission(operator, 'players.notes')}
      canChangeUpline={hasPermission(operator, 'agents.manage')}
      extraActions={canAdjust ? (player) => <AdjustBalance player={player} /> : undefined}
    />
  );
}

function AdjustBalance({ player }: { player: AdjustedPlayer }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const refreshPlayer = useRefreshPlayer();
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('adjustments.adjustBalance')}</Button>
      <AdjustBalanceModal
        player={player}
        opened={isOpen}
        onClose={() => setOpen(false)}
        onRequested={() => void refreshPlayer(player.id)}
      />
    </>
  );
}
