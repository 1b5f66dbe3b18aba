import { Alert, Box, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ConsoleMaintenanceText, ContentLanguage } from '@sorte/shared/contracts/console-content';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import type { BannerMerchantCode } from '../api/banners';
import { useRemoveMaintenanceText, useSaveMaintenanceText } from '../api/maintenance-texts';
import { CONTENT_TITLE_MAX } from '../content-rules';
import { ConfirmRemoveModal } from './confirm-remove-modal';
import { PhoneFrame, SiteButton, SiteMuted, SiteTitle } from './phone-preview';
import { SiteTextPreview } from './site-text-preview';

const INFO_MAX = 2000;

export type MaintenanceTextTarget = {
  merchantCode: BannerMerchantCode;
  language: ContentLanguage;
  /** null: not written yet. */
  text: ConsoleMaintenanceText | null;
};

/**
 * A language's maintenance page texts: title and info (plain text), then the page as a phone
 * shows it (the server's preview), then Save.
 */
export function MaintenanceTextModal({
  target,
  onClose,
}: {
  target: MaintenanceTextTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const save = useSaveMaintenanceText();
  const close = () => {
    save.reset();
    onClose();
  };
  const where = target
    ? { merchant: t(`merchants.${target.merchantCode}`), language: t(`banners.languages.${target.language}`) }
    : { merchant: '', language: '' };
  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={t('siteContent.maintenance.formTitle', where)}
      size="lg"
      fullScreen={isPhone}
      closeOnClickOutside={false}
    >
      {target ? (
        <MaintenanceTextForm
          key={`${target.merchantCode}-${target.language}`}
          target={target}
          isSubmitting={save.isPending}
          error={save.error}
          onSubmit={(text) =>
            save.mutate(
              { merchantCode: target.merchantCode, language: target.language, ...text },
              {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: t('siteContent.maintenance.saved', where) });
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

function MaintenanceTextForm({
  target,
  isSubmitting,
  error,
  onSubmit,
  onCancel,
}: {
  target: MaintenanceTextTarget;
  isSubmitting: boolean;
  error: unknown;
  onSubmit: (text: { title: string; info: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(target.text?.title ?? '');
  const [info, setInfo] = useState(target.text?.info ?? '');
  const [touched, setTouched] = useState(false);
  const [step, setStep] = useState<'edit' | 'preview'>('edit');
  const isValid = title.trim() !== '' && info.trim() !== '';

  const toPreview = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (isValid) setStep('preview');
  };

  if (step === 'preview')
    return (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('siteContent.maintenance.previewWhere')}
        </Text>
        <PhoneFrame label={t('siteContent.preview.frame', { language: target.language })}>
          <SiteTextPreview
            merchantCode={target.merchantCode}
            language={target.language}
            format="plain"
            title={title.trim()}
            content={info.trim()}
          >
            {(shown) => (
              <Stack gap="md" align="center" ta="center" py="xl">
                <Box aria-hidden="true" fz={40}>
                  🚧
                </Box>
                <SiteTitle>{shown.title}</SiteTitle>
                <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {shown.content}
                </Text>
                <SiteButton>{t('siteContent.maintenance.customerService')}</SiteButton>
                <SiteMuted>{t('siteContent.maintenance.autoRetry')}</SiteMuted>
              </Stack>
            )}
          </SiteTextPreview>
        </PhoneFrame>
        {error ? (
          <Alert color="red" role="alert">
            {errorMessage(error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setStep('edit')} disabled={isSubmitting}>
            {t('siteContent.backToEdit')}
          </Button>
          <Button
            onClick={() => onSubmit({ title: title.trim(), info: info.trim() })}
            loading={isSubmitting}
            data-autofocus
          >
            {t('siteContent.publish')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={toPreview} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('siteContent.maintenance.title')}
          required
          maxLength={CONTENT_TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={touched && !title.trim() ? t('siteContent.maintenance.titleMissing') : undefined}
          data-autofocus
        />
        <Textarea
          label={t('siteContent.maintenance.info')}
          description={t('siteContent.maintenance.infoHint')}
          required
          autosize
          minRows={4}
          maxLength={INFO_MAX}
          value={info}
          onChange={(event) => setInfo(event.currentTarget.value)}
          error={touched && !info.trim() ? t('siteContent.maintenance.infoMissing') : undefined}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit">{t('siteContent.toPreview')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Removing asks first: while the site is closed, the page shows the next text in line at once. */
export function RemoveMaintenanceTextModal({
  target,
  onClose,
}: {
  target: MaintenanceTextTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const where = target
    ? { merchant: t(`merchants.${target.merchantCode}`), language: t(`banners.languages.${target.language}`) }
    : { merchant: '', language: '' };
  return (
    <ConfirmRemoveModal
      target={target}
      remove={useRemoveMaintenanceText()}
      title={t('siteContent.maintenance.removeTitle', where)}
      text={t('siteContent.maintenance.removeText')}
      confirmLabel={t('siteContent.remove')}
      removedMessage={t('siteContent.maintenance.removed', where)}
      onClose={onClose}
    />
  );
}
