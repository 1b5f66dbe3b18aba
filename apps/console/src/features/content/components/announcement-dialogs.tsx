import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ConsoleAnnouncement } from '@sorte/shared/contracts/console-content';
import { useTranslation } from 'react-i18next';
import { useRemoveAnnouncement, useSaveAnnouncement } from '../api/announcements';
import type { BannerMerchantCode } from '../api/banners';
import type { AnnouncementKind } from '../content-rules';
import { AnnouncementForm } from './announcement-form';
import { ConfirmRemoveModal } from './confirm-remove-modal';

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
  const title = announcement ? titleOf(announcement) : '';
  return (
    <ConfirmRemoveModal
      target={announcement}
      remove={useRemoveAnnouncement()}
      title={t('siteContent.removeTitle', { title })}
      text={t('siteContent.removeText')}
      confirmLabel={t('siteContent.remove')}
      removedMessage={t('siteContent.removed', { title })}
      onClose={onClose}
    />
  );
}
