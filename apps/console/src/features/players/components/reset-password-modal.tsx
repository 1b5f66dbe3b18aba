import { Alert, Modal, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PasswordResetChannel, PlayerDetail } from '@sorte/shared/contracts/console';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionActions } from '../../../components/decision-form';
import { useSendPasswordReset } from '../api/player-tabs';

/**
 * Confirms sending the player the reset of their own "forgot password": a link by e-mail or a code
 * by SMS. The operator picks where to (only channels the player has); the answer says where it went.
 */
export function ResetPasswordModal({
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
      title={t('playerTabs.resetPassword.title', { username: player.username })}
      centered
    >
      {opened ? <ResetPasswordForm player={player} onDone={onClose} /> : null}
    </Modal>
  );
}

function ResetPasswordForm({ player, onDone }: { player: PlayerDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const send = useSendPasswordReset(player.id);
  const available: PasswordResetChannel[] = [
    ...(player.email ? (['email'] as const) : []),
    ...(player.mobile ? (['sms'] as const) : []),
  ];
  const [channel, setChannel] = useState<PasswordResetChannel | null>(available[0] ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!channel) return;
    send.mutate(channel, {
      onSuccess: (sent) => {
        notifications.show({
          color: 'green',
          message: t(`playerTabs.resetPassword.sent.${sent.channel}`, { to: sent.sentTo }),
        });
        onDone();
      },
    });
  };

  if (available.length === 0 || player.type === 4)
    return (
      <Stack gap="md">
        <Alert color="orange" role="alert">
          {t(player.type === 4 ? 'playerTabs.resetPassword.freePlay' : 'playerTabs.resetPassword.noChannel')}
        </Alert>
      </Stack>
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('playerTabs.resetPassword.text')}</Text>
        <Radio.Group
          label={t('playerTabs.resetPassword.channel')}
          value={channel}
          onChange={(value) => setChannel(value === 'sms' ? 'sms' : 'email')}
        >
          <Stack gap="xs" mt="xs">
            {(['email', 'sms'] as const).map((value) => (
              <Radio
                key={value}
                value={value}
                disabled={!available.includes(value)}
                label={t(`playerTabs.resetPassword.channels.${value}`)}
                description={
                  available.includes(value) ? undefined : t(`playerTabs.resetPassword.missing.${value}`)
                }
              />
            ))}
          </Stack>
        </Radio.Group>
        <DecisionActions
          error={send.isError ? send.error : null}
          pending={send.isPending}
          onCancel={onDone}
          confirmColor="blue"
          confirmLabel={t('playerTabs.resetPassword.confirm')}
          confirmAutofocus
        />
      </Stack>
    </form>
  );
}
