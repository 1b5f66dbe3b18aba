import { Button, Group, Image, Input, Loader, Text } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import { useUploadContentImage } from '../api/banners';
import { pictureProblem, pictureTypes } from '../banner-rules';

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

type PictureInputProps = {
  lang: string;
  bannerKey: string;
  url: string | undefined;
  isRequired: boolean;
  /** Shown under the field (the form's "Upload the EN picture"). */
  error?: string;
  onChange: (url: string | undefined) => void;
  onBusyChange: (isBusy: boolean) => void;
};

/**
 * One language's picture: a plain file input (keyboard and screen-reader friendly) that checks the
 * file's type and size here, then uploads it at once and shows it.
 */
export function PictureInput({
  lang,
  bannerKey,
  url,
  isRequired,
  error,
  onChange,
  onBusyChange,
}: PictureInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadContentImage();
  const [problem, setProblem] = useState<string | null>(null);
  const [uploadedBytes, setUploadedBytes] = useState<number | null>(null);

  const choose = (file: File | undefined) => {
    upload.reset();
    setProblem(null);
    if (!file) return;
    const found = pictureProblem(file);
    if (found) {
      setProblem(
        found === 'type'
          ? t('banners.pictureWrongType', { name: file.name })
          : t('banners.pictureTooBig', { name: file.name, size: formatSize(file.size) }),
      );
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    onBusyChange(true);
    upload.mutate(file, {
      onSuccess: (saved) => {
        setUploadedBytes(saved.bytes);
        onChange(saved.url);
      },
      onSettled: () => {
        onBusyChange(false);
        if (inputRef.current) inputRef.current.value = '';
      },
    });
  };

  const shownError = problem ?? (upload.isError ? errorMessage(upload.error) : error);
  const language = t(`banners.languages.${lang}` as 'banners.languages.EN', { defaultValue: lang });

  return (
    <Input.Wrapper
      id={id}
      label={t('banners.picture', { lang })}
      description={`${isRequired ? t('banners.pictureRequiredHint') : t('banners.pictureOptionalHint', { language })} ${t('banners.pictureRules')}`}
      error={shownError ? <span role="alert">{shownError}</span> : undefined}
    >
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={pictureTypes.join(',')}
        aria-describedby={`${id}-description${shownError ? ` ${id}-error` : ''}`}
        aria-invalid={shownError ? true : undefined}
        disabled={upload.isPending}
        onChange={(event) => choose(event.currentTarget.files?.[0])}
        style={{ maxWidth: '100%', fontSize: 'var(--mantine-font-size-sm)' }}
      />
      {upload.isPending ? (
        <Group gap={6} mt={6} role="status">
          <Loader size="xs" />
          <Text size="sm">{t('banners.uploading')}</Text>
        </Group>
      ) : null}
      {url ? (
        <Group gap="sm" mt={6} wrap="nowrap" align="center">
          <Image
            src={url}
            alt={t('banners.pictureAlt', { key: bannerKey || '…', lang })}
            w={150}
            h={50}
            fit="cover"
            radius="sm"
          />
          <Group gap={6}>
            {uploadedBytes !== null ? (
              <Text size="xs" c="dimmed">
                {t('banners.pictureUploaded', { size: formatSize(uploadedBytes) })}
              </Text>
            ) : null}
            {isRequired ? null : (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => {
                  setUploadedBytes(null);
                  onChange(undefined);
                }}
              >
                {t('banners.removePicture', { lang })}
              </Button>
            )}
          </Group>
        </Group>
      ) : null}
    </Input.Wrapper>
  );
}
