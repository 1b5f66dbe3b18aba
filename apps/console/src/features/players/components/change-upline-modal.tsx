import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { changeUplineBodySchema, type PlayerDetail } from '@sorte/shared/contracts/console';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionActions, ReasonField } from '../../../components/decision-form';
import { useChangeUpline } from '../api/player-tabs';

/** Confirms moving the player (with their team) under another agent: the agent's username and a reason. */
export function ChangeUplineModal({
  player,
  opened,
  onClose,
}: {
  player: PlayerDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('playerTabs.upline.title', { username: player.username })}
      centered
    >
      {opened ? <ChangeUplineForm player={player} onDone={onClose} /> : null}
    </Modal>
  );
}

function ChangeUplineForm({ player, onDone }: { player: PlayerDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const change = useChangeUpline(player.id);
  const [uplineUsername, setUplineUsername] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<{ upline: boolean; reason: boolean }>({
    upline: false,
    reason: false,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changeUplineBodySchema.safeParse({ uplineUsername, reason });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
      setInvalid({ upline: fields.has('uplineUsername'), reason: fields.has('reason') });
      return;
    }
    setInvalid({ upline: false, reason: false });
    change.mutate(parsed.data, {
      onSuccess: (moved) => {
        notifications.show({
          color: 'green',
          message: t('playerTabs.upline.moved', {
            username: moved.username,
            upline: moved.uplineUsername ?? '',
          }),
        });
        onDone();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {t('playerTabs.upline.current', {
            upline: player.uplineUsername ?? t('playerTabs.upline.noUpline'),
          })}
        </Text>
        <Text size="sm">{t('playerTabs.upline.text')}</Text>
        <TextInput
          label={t('playerTabs.upline.username')}
          required
          data-autofocus
          autoComplete="off"
          maxLength={64}
          value={uplineUsername}
          onChange={(event) => setUplineUsername(event.currentTarget.value)}
          error={invalid.upline ? t('playerTabs.upline.usernameInvalid') : undefined}
        />
        <ReasonField
          label={t('playerTabs.upline.reason')}
          description={t('playerTabs.upline.reasonHint')}
          invalidMessage={t('playerTabs.upline.reasonInvalid')}
          invalid={invalid.reason}
          value={reason}
          onChange={setReason}
        />
        <DecisionActions
          error={change.isError ? change.error : null}
          pending={change.isPending}
          onCancel={onDone}
          confirmColor="blue"
          confirmLabel={t('playerTabs.upline.confirm')}
        />
      </Stack>
    </form>
  );
}
