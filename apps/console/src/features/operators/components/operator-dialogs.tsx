import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OperatorUser } from '@sorte/shared/contracts/console';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '../../../components/copy-text-button';
import { errorMessage } from '../../../lib/api';
import { useCreateOperatorUser, useUpdateOperatorUser } from '../api/operators';
import { OperatorForm } from './operator-form';

/** New operator user; then their first password, shown once. */
export function CreateOperatorModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateOperatorUser();
  const created = create.data;
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        created
          ? t('operators.createdTitle', { username: created.operator.username })
          : t('operators.createTitle')
      }
      centered
      // The password is on screen: a stray click outside must not lose it.
      closeOnClickOutside={!created}
    >
      {created ? (
        <Stack gap="md">
          <Text size="sm">{t('operators.initialPasswordText', { username: created.operator.username })}</Text>
          <Text size="sm" fw={600}>
            {t('operators.initialPassword')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code data-testid="initial-password" style={{ fontSize: 16, wordBreak: 'break-all' }}>
              {created.initialPassword}
            </Code>
            <CopyTextButton value={created.initialPassword} label={t('operators.copyPassword')} />
          </Group>
          <Group justify="flex-end">
            <Button onClick={close}>{t('common.done')}</Button>
          </Group>
        </Stack>
      ) : opened ? (
        <OperatorForm
          submitLabel={t('operators.createSubmit')}
          isSubmitting={create.isPending}
          error={create.error}
          onSubmit={(values) => create.mutate(values)}
          onCancel={close}
        />
      ) : null}
    </Modal>
  );
}

/** Roles and merchant of an existing operator user. */
export function EditOperatorModal({
  operator,
  onClose,
}: {
  operator: OperatorUser | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateOperatorUser();
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <Modal
      opened={operator !== null}
      onClose={close}
      title={operator ? t('operators.editTitle', { username: operator.username }) : ''}
      centered
    >
      {operator ? (
        <OperatorForm
          key={operator.id}
          initial={{
            username: operator.username,
            roles: operator.roles,
            merchantCode: operator.merchantCode,
          }}
          submitLabel={t('common.save')}
          isSubmitting={update.isPending}
          error={update.error}
          onSubmit={(values) =>
            update.mutate(
              { operatorId: operator.id, change: { roles: values.roles, merchantCode: values.merchantCode } },
              {
                onSuccess: (saved) => {
                  notifications.show({
                    color: 'green',
                    message: t('operators.saved', { username: saved.username }),
                  });
                  close();
                },
              },
            )
          }
          onCancel={close}
        />
      ) : null}
    </Modal>
  );
}

/** Disabling asks first; enabling does not (it takes nothing away). */
export function DisableOperatorModal({
  operator,
  onClose,
}: {
  operator: OperatorUser | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateOperatorUser();
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <Modal
      opened={operator !== null}
      onClose={close}
      title={operator ? t('operators.disableTitle', { username: operator.username }) : ''}
      centered
    >
      {operator ? (
        <Stack gap="md">
          <Text size="sm">{t('operators.disableText', { username: operator.username })}</Text>
          {update.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(update.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={update.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={update.isPending}
              onClick={() =>
                update.mutate(
                  { operatorId: operator.id, change: { disabled: true } },
                  {
                    onSuccess: (saved) => {
                      notifications.show({
                        color: 'orange',
                        message: t('operators.disabledDone', { username: saved.username }),
                      });
                      close();
                    },
                  },
                )
              }
            >
              {t('operators.disableConfirm')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
