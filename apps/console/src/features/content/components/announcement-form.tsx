import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { operatorMerchantCodes } from '@sorte/shared/contracts/console';
import type { ConsoleAnnouncement, ContentLanguage } from '@sorte/shared/contracts/console-content';
import { type AnnouncementType, type PopupExecution, popupExecutions } from '@sorte/shared/contracts/content';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import type { AnnouncementDraft } from '../api/announcements';
import type { BannerMerchantCode } from '../api/banners';
import { fromLocalInput, toLocalInput } from '../banner-rules';
import {
  type AnnouncementKind,
  announcementProblems,
  languagesOf,
  localisedBody,
  textsOf,
  typesOf,
} from '../content-rules';
import { AnnouncementPreview } from './announcement-preview';
import { describeWindow } from './describe-window';
import { LocalisedTextsInput } from './localised-texts-input';
import { PromotionPictures } from './promotion-pictures';

type AnnouncementFormProps = {
  kind: AnnouncementKind;
  /** Editing: the merchant stays. */
  announcement?: ConsoleAnnouncement;
  fixedMerchant: BannerMerchantCode | null;
  defaultMerchant: BannerMerchantCode | null;
  isSubmitting: boolean;
  error: unknown;
  onSubmit: (draft: AnnouncementDraft) => void;
  onCancel: () => void;
};

/**
 * A notice, popup or promotion in two steps: write it (type, audience, texts per language,
 * pictures, order, window), then see it as the site would show it on a phone and publish it. The
 * preview comes first: Publish is only on the preview step.
 */
export function AnnouncementForm({
  kind,
  announcement,
  fixedMerchant,
  defaultMerchant,
  isSubmitting,
  error,
  onSubmit,
  onCancel,
}: AnnouncementFormProps) {
  const { t, i18n } = useTranslation();
  const isEditing = announcement !== undefined;
  const types = typesOf(kind);
  const [merchant, setMerchant] = useState<BannerMerchantCode>(
    (announcement?.merchantCode as BannerMerchantCode | undefined) ??
      fixedMerchant ??
      defaultMerchant ??
      operatorMerchantCodes[0],
  );
  const [type, setType] = useState<AnnouncementType>(announcement?.type ?? (types[0] as AnnouncementType));
  const [execution, setExecution] = useState<PopupExecution | null>(announcement?.execution ?? null);
  const [texts, setTexts] = useState(() => textsOf(announcement));
  const [editLanguage, setEditLanguage] = useState<ContentLanguage>('EN');
  const [images, setImages] = useState<string[]>(announcement?.images.map((image) => image.url) ?? []);
  const [sort, setSort] = useState<number | string>(announcement?.sort ?? 0);
  const [startsAt, setStartsAt] = useState(toLocalInput(announcement?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(toLocalInput(announcement?.endsAt ?? null));
  const [uploads, setUploads] = useState(0);
  const [touched, setTouched] = useState(false);
  const [step, setStep] = useState<'edit' | 'preview'>('edit');
  const [previewLanguage, setPreviewLanguage] = useState<ContentLanguage>('EN');

  const startsIso = fromLocalInput(startsAt);
  const endsIso = fromLocalInput(endsAt);
  const problems = announcementProblems({
    type,
    texts,
    execution,
    sort,
    startsAt: startsIso,
    endsAt: endsIso,
  });
  const shownProblems = touched ? problems : [];
  const has = (field: string) => shownProblems.some((p) => p.field === field);
  const isMerchantFixed = isEditing || fixedMerchant !== null;
  const languages = languagesOf(texts);

  const toPreview = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const first = problems[0];
    if (first) {
      // The tab of the first wrong text opens, so the message is in sight.
      if ('lang' in first) setEditLanguage(first.lang);
      return;
    }
    if (uploads > 0) return;
    setPreviewLanguage(languages.includes(editLanguage) ? editLanguage : 'EN');
    setStep('preview');
  };

  const publish = () =>
    onSubmit({
      merchantCode: merchant,
      type,
      ...localisedBody(texts),
      execution: type === 'PU' ? execution : null,
      images: type === 'PR' ? images.map((url, index) => ({ url, sequence: index + 1 })) : [],
      sort: sort as number,
      startsAt: startsIso,
      endsAt: endsIso,
    });

  if (step === 'preview')
    return (
      <Stack gap="md">
        <AnnouncementPreview
          merchantCode={merchant}
          type={type}
          execution={execution}
          texts={texts}
          languages={languages}
          language={previewLanguage}
          onLanguageChange={setPreviewLanguage}
          images={images}
          publishedAt={startsIso ?? announcement?.publishedAt ?? new Date().toISOString()}
        />
        <Text size="sm">{describeWindow(t, startsIso, endsIso, i18n.language)}</Text>
        {error ? (
          <Alert color="red" role="alert">
            {errorMessage(error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setStep('edit')} disabled={isSubmitting}>
            {t('siteContent.backToEdit')}
          </Button>
          <Button onClick={publish} loading={isSubmitting} data-autofocus>
            {t('siteContent.publish')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={toPreview} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: kind === 'notices' ? 2 : 1 }} spacing="sm">
          <Select
            label={t('siteContent.merchant')}
            allowDeselect={false}
            disabled={isMerchantFixed}
            value={merchant}
            onChange={(value) => value && setMerchant(value as BannerMerchantCode)}
            data={operatorMerchantCodes.map((code) => ({
              value: code,
              label: `${t(`merchants.${code}`)} (${code})`,
            }))}
          />
          {kind === 'notices' ? (
            <Select
              label={t('siteContent.notices.type')}
              allowDeselect={false}
              value={type}
              onChange={(value) => value && setType(value as AnnouncementType)}
              data={types.map((code) => ({ value: code, label: t(`siteContent.types.${code}`) }))}
            />
          ) : null}
        </SimpleGrid>
        {type === 'PU' ? (
          <Select
            label={t('siteContent.notices.audience')}
            description={t('siteContent.notices.audienceHint')}
            placeholder={t('siteContent.notices.audiencePick')}
            required
            value={execution}
            onChange={(value) => setExecution((value as PopupExecution | null) ?? null)}
            data={popupExecutions.map((code) => ({ value: code, label: t(`siteContent.audiences.${code}`) }))}
            error={has('execution') ? t('siteContent.notices.audienceMissing') : undefined}
          />
        ) : null}
        <LocalisedTextsInput
          texts={texts}
          problems={shownProblems}
          language={editLanguage}
          onLanguageChange={setEditLanguage}
          onChange={(lang, text) => setTexts((current) => ({ ...current, [lang]: text }))}
        />
        {type === 'PR' ? (
          <PromotionPictures
            urls={images}
            onChange={setImages}
            onBusyChange={(isBusy) => setUploads((count) => Math.max(0, count + (isBusy ? 1 : -1)))}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <NumberInput
            label={t('banners.sort')}
            description={t('banners.sortHint')}
            min={0}
            max={10_000}
            allowDecimal={false}
            allowNegative={false}
            value={sort}
            onChange={setSort}
            error={has('sort') ? t('banners.sortInvalid') : undefined}
          />
          <TextInput
            type="datetime-local"
            label={t('banners.startsAt')}
            description={t('banners.startsAtHint')}
            value={startsAt}
            onChange={(event) => setStartsAt(event.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            label={t('banners.endsAt')}
            description={t('banners.endsAtHint')}
            value={endsAt}
            min={startsAt || undefined}
            onChange={(event) => setEndsAt(event.currentTarget.value)}
            error={has('endsAt') ? t('banners.endsBeforeStart') : undefined}
          />
        </SimpleGrid>
        {touched && problems.length > 0 ? (
          <Text size="sm" c="red" role="alert">
            {t('siteContent.fixFirst')}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={uploads > 0}>
            {t('siteContent.toPreview')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
