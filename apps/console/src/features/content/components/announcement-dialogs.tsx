import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ConsoleAnnouncement } from '@sorte/shared/contracts/console-content';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import { useRemoveAnnouncement, useSaveAnnouncement } from '../api/announcements';
import type { BannerMerchantCode } from '../api/banners';
import type { AnnouncementKind } from '../content-rules';
import { AnnouncementForm } from './announcement-form';

const titleOf = (announcement: ConsoleAnnouncement) =>
  announcement.title.EN ?? Object.values(announcement.title)[0] ?? announcement.id;

/** A new notice or promotion (announcement null), or the change of one; says so once published. */
export function AnnouncementFormModal({
  kind,
  opened,
  announcement,
  fixedMerchant,
  defaultMerchant,
  onClose,
}: {
  kind: AnnouncementKind;
  opened: boolean;
  announcement: ConsoleAnnouncement | null;
  fixedMerchant: BannerMerchantCode | null;
  defaultMerchant: BannerMerchantCode | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const save = useSaveAnnouncement();
  const close = () => {
    save.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        announcement
          ? t(`siteContent.${kind}.editTitle`, { title: titleOf(announcement) })
          : t(`siteContent.${kind}.createTitle`)
      }
      size="xl"
      fullScreen={isPhone}
      // Texts and uploaded pictures are in the form: a stray click outside must not lose them.
      closeOnClickOutside={false}
    >
      {opened ? (
        <AnnouncementForm
          key={announcement?.id ?? 'new'}
          kind={kind}
          announcement={announcement ?? undefined}
          fixedMerchant={fixedMerchant}
          defaultMerchant={defaultMerchant}
          isSubmitting={save.isPending}
          error={save.error}
          onSubmit={(draft) =>
            save.mutate(
              { id: announcement?.id ?? null, draft },
              {
                onSuccess: (saved) => {
                  notifications.show({
                    color: 'green',
                    message: t('siteContent.published', { title: titleOf(saved) }),
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

/** Removing asks first: the site stops showing it at once, and it cannot be brought back. */
export function RemoveAnnouncementModal({
  announcement,
  onClose,
}: {
  announcement: ConsoleAnnouncement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useRemoveAnnouncement();
  const close = () => {
    remove.reset();
    onClose();
  };
  const title = announcement ? titleOf(announcement) : '';
  return (
    <Modal
      opened={announcement !== null}
      onClose={close}
      title={t('siteContent.removeTitle', { title })}
      centered
    >
      {announcement ? (
        <Stack gap="md">
          <Text size="sm">{t('siteContent.removeText')}</Text>
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
                remove.mutate(announcement, {
                  onSuccess: () => {
                    notifications.show({ color: 'orange', message: t('siteContent.removed', { title }) });
                    close();
                  },
                })
              }
            >
              {t('siteContent.remove')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
