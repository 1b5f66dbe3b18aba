import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';

/** What the dialog needs of a removing mutation (TanStack Query's useMutation result). */
type RemoveMutation<Target> = {
  mutate(target: Target, options: { onSuccess: () => void }): void;
  reset(): void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

/**
 * Asks before removing something the site shows: what will happen, the server's refusal if any,
 * Cancel (focused: the safe choice) and the red confirming button. Closed when `target` is null.
 */
export function ConfirmRemoveModal<Target>(props: {
  target: Target | null;
  remove: RemoveMutation<Target>;
  title: string;
  text: string;
  confirmLabel: string;
  /** The notification once it is gone. */
  removedMessage: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { target, remove } = props;
  const close = () => {
    remove.reset();
    props.onClose();
  };
  return (
    <Modal opened={target !== null} onClose={close} title={props.title} centered>
      {target !== null ? (
        <Stack gap="md">
          <Text size="sm">{props.text}</Text>
          {remove.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(remove.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(target, {
                  onSuccess: () => {
                    notifications.show({ color: 'orange', message: props.removedMessage });
                    close();
                  },
                })
              }
            >
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
