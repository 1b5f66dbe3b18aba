import { Button, Group, Image, Input, Loader, Stack, Text } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import { useUploadContentImage } from '../api/banners';
import { pictureProblem, pictureTypes } from '../banner-rules';
import { moved } from '../content-rules';

/** At most this many pictures per promotion (the server's limit). */
export const MAX_PROMOTION_PICTURES = 10;

type PromotionPicturesProps = {
  urls: string[];
  onChange: (urls: string[]) => void;
  onBusyChange: (isBusy: boolean) => void;
};

/**
 * A promotion's pictures in the order the site shows them (the same for every language): add one
 * (type and size checked here, then uploaded at once), move it up or down, remove it.
 */
export function PromotionPictures({ urls, onChange, onBusyChange }: PromotionPicturesProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadContentImage();
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (file: File | undefined) => {
    upload.reset();
    setProblem(null);
    if (!file) return;
    const found = pictureProblem(file);
    if (found) {
      setProblem(
        found === 'type'
          ? t('banners.pictureWrongType', { name: file.name })
          : t('siteContent.promotions.pictureTooBig', { name: file.name }),
      );
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    onBusyChange(true);
    upload.mutate(file, {
      onSuccess: (saved) => onChange([...urls, saved.url]),
      onSettled: () => {
        onBusyChange(false);
        if (inputRef.current) inputRef.current.value = '';
      },
    });
  };

  const shownError = problem ?? (upload.isError ? errorMessage(upload.error) : undefined);
  const isFull = urls.length >= MAX_PROMOTION_PICTURES;

  return (
    <Input.Wrapper
      id={id}
      label={t('siteContent.promotions.pictures')}
      description={t('siteContent.promotions.picturesHint', { max: MAX_PROMOTION_PICTURES })}
      error={shownError ? <span role="alert">{shownError}</span> : undefined}
    >
      <Stack gap="xs" mt={4}>
        {urls.length > 0 ? (
          <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {urls.map((url, index) => {
              const position = { n: index + 1 };
              return (
                <Group key={url} component="li" gap="sm" wrap="nowrap">
                  <Image
                    src={url}
                    alt={t('siteContent.promotions.pictureAlt', position)}
                    w={96}
                    h={48}
                    fit="cover"
                    radius="sm"
                    style={{ flex: 'none' }}
                  />
                  <Group gap={4}>
                    <Button
                      size="compact-xs"
                      variant="default"
                      disabled={index === 0}
                      aria-label={t('siteContent.promotions.pictureUp', position)}
                      onClick={() => onChange(moved(urls, index, -1))}
                    >
                      ↑
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="default"
                      disabled={index === urls.length - 1}
                      aria-label={t('siteContent.promotions.pictureDown', position)}
                      onClick={() => onChange(moved(urls, index, 1))}
                    >
                      ↓
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      aria-label={t('siteContent.promotions.pictureRemove', position)}
                      onClick={() => onChange(urls.filter((_, at) => at !== index))}
                    >
                      {t('siteContent.remove')}
                    </Button>
                  </Group>
                </Group>
              );
            })}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('siteContent.promotions.noPictures')}
          </Text>
        )}
        {isFull ? null : (
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={pictureTypes.join(',')}
            aria-label={t('siteContent.promotions.addPicture')}
            aria-invalid={shownError ? true : undefined}
            disabled={upload.isPending}
            onChange={(event) => choose(event.currentTarget.files?.[0])}
            style={{ maxWidth: '100%', fontSize: 'var(--mantine-font-size-sm)' }}
          />
        )}
        {upload.isPending ? (
          <Group gap={6} role="status">
            <Loader size="xs" />
            <Text size="sm">{t('banners.uploading')}</Text>
          </Group>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
