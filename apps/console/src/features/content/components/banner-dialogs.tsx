import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ConsoleBanner } from '@sorte/shared/contracts/console';
import type { BannerGroup } from '@sorte/shared/contracts/content';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import { type BannerMerchantCode, useRemoveBanner, useSaveBanner } from '../api/banners';
import { BannerForm } from './banner-form';

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
  const remove = useRemoveBanner();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal
      opened={banner !== null}
      onClose={close}
      title={banner ? t('banners.removeTitle', { key: banner.key }) : ''}
      centered
    >
      {banner ? (
        <Stack gap="md">
          <Text size="sm">{t('banners.removeText')}</Text>
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
                remove.mutate(banner, {
                  onSuccess: () => {
                    notifications.show({
                      color: 'orange',
                      message: t('banners.removed', { key: banner.key }),
                    });
                    close();
                  },
                })
              }
            >
              {t('banners.remove')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
