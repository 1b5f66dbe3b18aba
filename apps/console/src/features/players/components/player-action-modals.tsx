import { Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { blockPlayerBodySchema, type PlayerDetail } from '@sorte/shared/contracts/console';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionActions, ReasonField } from '../../../components/decision-form';
import { usePlayerAction } from '../api/players';

export type PlayerActionName = 'block' | 'unblock' | 'end-sessions';

const texts = {
  block: {
    title: 'players.blockTitle',
    text: 'players.blockText',
    confirm: 'players.blockConfirm',
    done: 'players.blocked',
  },
  unblock: {
    title: 'players.unblockTitle',
    text: 'players.unblockText',
    confirm: 'players.unblockConfirm',
    done: 'players.unblocked',
  },
  'end-sessions': {
    title: 'players.endSessionsTitle',
    text: 'players.endSessionsText',
    confirm: 'players.endSessionsConfirm',
    done: 'players.sessionsEnded',
  },
} as const;

/** The confirmation of block (with its reason), unblock or end sessions, naming the player. */
export function PlayerActionModal({
  player,
  action,
  onClose,
}: {
  player: PlayerDetail;
  action: PlayerActionName | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={action !== null}
      onClose={onClose}
      title={action ? t(texts[action].title, { username: player.username }) : ''}
      centered
    >
      {action ? <PlayerActionForm key={action} player={player} action={action} onDone={onClose} /> : null}
    </Modal>
  );
}

function PlayerActionForm({
  player,
  action,
  onDone,
}: {
  player: PlayerDetail;
  action: PlayerActionName;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const change = usePlayerAction();
  const [reason, setReason] = useState('');
  const [isReasonInvalid, setReasonInvalid] = useState(false);
  const activeSessions = player.sessions.filter((session) => session.active).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const onSuccess = () => {
      notifications.show({
        color: action === 'unblock' ? 'green' : 'orange',
        message: t(texts[action].done, { username: player.username }),
      });
      onDone();
    };
    if (action !== 'block') {
      change.mutate({ action, memberId: player.id }, { onSuccess });
      return;
    }
    const parsed = blockPlayerBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonInvalid(true);
      return;
    }
    setReasonInvalid(false);
    change.mutate({ action, memberId: player.id, reason: parsed.data.reason }, { onSuccess });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t(texts[action].text, { username: player.username, count: activeSessions })}</Text>
        {action === 'block' ? (
          <ReasonField
            label={t('players.blockReason')}
            description={t('players.blockReasonHint')}
            invalidMessage={t('players.blockReasonInvalid')}
            invalid={isReasonInvalid}
            value={reason}
            onChange={setReason}
          />
        ) : null}
        <DecisionActions
          error={change.isError ? change.error : null}
          pending={change.isPending}
          onCancel={onDone}
          confirmColor={action === 'unblock' ? 'green' : 'red'}
          confirmLabel={t(texts[action].confirm)}
          confirmAutofocus={action !== 'block'}
        />
      </Stack>
    </form>
  );
}
