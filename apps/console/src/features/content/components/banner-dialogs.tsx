import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ConsoleBanner } from '@sorte/shared/contracts/console';
import type { BannerGroup } from '@sorte/shared/contracts/content';
import { useTranslation } from 'react-i18next';
import { type BannerMerchantCode, useRemoveBanner, useSaveBanner } from '../api/banners';
import { BannerForm } from './banner-form';
import { ConfirmRemoveModal } from './confirm-remove-modal';

/** "New banner" (banner null) or the change of one; closes and says so once published. */
export function BannerFormModal({
  opened,
  banner,
  fixedMerchant,
  defaults,
  onClose,
}: {
  opened: boolean;
  banner: ConsoleBanner | null;
  fixedMerchant: BannerMerchantCode | null;
  defaults: { merchantCode: BannerMerchantCode | null; groupName: BannerGroup | null };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const save = useSaveBanner();
  const close = () => {
    save.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={banner ? t('banners.editTitle', { key: banner.key }) : t('banners.createTitle')}
      size="lg"
      fullScreen={isPhone}
      // Uploaded pictures are in the form: a stray click outside must not lose them.
      closeOnClickOutside={false}
    >
      {opened ? (
        <BannerForm
          key={banner?.id ?? 'new'}
          banner={banner ?? undefined}
          fixedMerchant={fixedMerchant}
          defaults={defaults}
          isSubmitting={save.isPending}
          error={save.error}
          onSubmit={(draft) =>
            save.mutate(draft, {
              onSuccess: (saved) => {
                notifications.show({ color: 'green', message: t('banners.published', { key: saved.key }) });
                close();
              },
            })
          }
          onCancel={close}
        />
      ) : null}
    </Modal>
  );
}

/** Removing asks first: the site stops showing the banner at once. */
export function RemoveBannerModal({
  banner,
  onClose,
}: {
  banner: ConsoleBanner | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const key = banner?.key ?? '';
  return (
    <ConfirmRemoveModal
      target={banner}
      remove={useRemoveBanner()}
      title={banner ? t('banners.removeTitle', { key }) : ''}
      text={t('banners.removeText')}
      confirmLabel={t('banners.remove')}
      removedMessage={t('banners.removed', { key })}
      onClose={onClose}
    />
  );
}
