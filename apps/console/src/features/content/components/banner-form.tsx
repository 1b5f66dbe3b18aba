import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type ConsoleBanner, operatorMerchantCodes } from '@sorte/shared/contracts/console';
import {
  type BannerGroup,
  bannerGroups,
  type LinkageType,
  linkageTypes,
} from '@sorte/shared/contracts/content';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import type { BannerDraft, BannerMerchantCode } from '../api/banners';
import { fromLocalInput, isBannerKey, isLinkUsable, toLocalInput } from '../banner-rules';
import { BannerPreview } from './banner-preview';
import { describeWindow } from './describe-window';
import { PictureInput } from './picture-input';

/** The site's languages: EN is the picture every other one falls back to. */
const pictureLanguages = ['EN', 'PT', 'ES', 'BN'] as const;

type BannerFormProps = {
  /** Editing: merchant and key stay as they are (the same merchant and key is the same banner). */
  banner?: ConsoleBanner;
  /** A merchant-limited operator publishes only for their merchant. */
  fixedMerchant: BannerMerchantCode | null;
  defaults: { merchantCode: BannerMerchantCode | null; groupName: BannerGroup | null };
  isSubmitting: boolean;
  error: unknown;
  onSubmit: (draft: BannerDraft) => void;
  onCancel: () => void;
};

/** Merchant, group, key, pictures, link, order and window; the preview; then Publish. */
export function BannerForm({
  banner,
  fixedMerchant,
  defaults,
  isSubmitting,
  error,
  onSubmit,
  onCancel,
}: BannerFormProps) {
  const { t, i18n } = useTranslation();
  const isEditing = banner !== undefined;
  const [merchant, setMerchant] = useState<BannerMerchantCode>(
    (banner?.merchantCode as BannerMerchantCode | undefined) ??
      fixedMerchant ??
      defaults.merchantCode ??
      operatorMerchantCodes[0],
  );
  const [group, setGroup] = useState<BannerGroup>(banner?.groupName ?? defaults.groupName ?? 'w_home');
  const [key, setKey] = useState(banner?.key ?? '');
  const [imageUrls, setImageUrls] = useState<Record<string, string>>(banner?.imageUrls ?? {});
  const [linkageType, setLinkageType] = useState<LinkageType>(banner?.linkageType ?? 'NONE');
  const [link, setLink] = useState(banner?.link ?? '');
  const [sort, setSort] = useState<number | string>(banner?.sort ?? 0);
  const [startsAt, setStartsAt] = useState(toLocalInput(banner?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(toLocalInput(banner?.endsAt ?? null));
  const [uploads, setUploads] = useState(0);
  const [touched, setTouched] = useState(false);

  const startsIso = fromLocalInput(startsAt);
  const endsIso = fromLocalInput(endsAt);
  const isKeyValid = isEditing || isBannerKey(key.trim());
  const hasEnPicture = Boolean(imageUrls.EN);
  const isLinkValid = isLinkUsable(linkageType, link);
  const isSortValid = typeof sort === 'number' && Number.isInteger(sort) && sort >= 0 && sort <= 10_000;
  const isWindowValid = !startsIso || !endsIso || new Date(endsIso) > new Date(startsIso);
  const isValid = isKeyValid && hasEnPicture && isLinkValid && isSortValid && isWindowValid;
  const isMerchantFixed = isEditing || fixedMerchant !== null;

  const setPicture = (lang: string, url: string | undefined) =>
    setImageUrls((current) => {
      const next = { ...current };
      if (url) next[lang] = url;
      else delete next[lang];
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!isValid || uploads > 0) return;
    onSubmit({
      merchantCode: merchant,
      key: key.trim(),
      groupName: group,
      imageUrls,
      linkageType,
      link: linkageType === 'NONE' ? null : link.trim(),
      sort: sort as number,
      startsAt: startsIso,
      endsAt: endsIso,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('banners.merchant')}
            allowDeselect={false}
            disabled={isMerchantFixed}
            value={merchant}
            onChange={(value) => value && setMerchant(value as BannerMerchantCode)}
            data={operatorMerchantCodes.map((code) => ({
              value: code,
              label: `${t(`merchants.${code}`)} (${code})`,
            }))}
          />
          <Select
            label={t('banners.group')}
            allowDeselect={false}
            value={group}
            onChange={(value) => value && setGroup(value as BannerGroup)}
            data={bannerGroups.map((name) => ({ value: name, label: t(`banners.groups.${name}`) }))}
          />
        </SimpleGrid>
        <TextInput
          label={t('banners.key')}
          description={isEditing ? t('banners.keyFixed') : t('banners.keyHint')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          disabled={isEditing}
          data-autofocus={!isEditing || undefined}
          value={key}
          onChange={(event) => setKey(event.currentTarget.value)}
          error={touched && !isKeyValid ? t('banners.keyInvalid') : undefined}
        />
        {pictureLanguages.map((lang) => (
          <PictureInput
            key={lang}
            lang={lang}
            bannerKey={key.trim()}
            url={imageUrls[lang]}
            isRequired={lang === 'EN'}
            error={lang === 'EN' && touched && !hasEnPicture ? t('banners.pictureMissing') : undefined}
            onChange={(url) => setPicture(lang, url)}
            onBusyChange={(isBusy) => setUploads((count) => Math.max(0, count + (isBusy ? 1 : -1)))}
          />
        ))}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('banners.linkType')}
            allowDeselect={false}
            value={linkageType}
            onChange={(value) => value && setLinkageType(value as LinkageType)}
            data={linkageTypes.map((type) => ({ value: type, label: t(`banners.linkTypes.${type}`) }))}
          />
          {linkageType === 'NONE' ? null : (
            <TextInput
              label={t('banners.link')}
              description={t(`banners.linkHints.${linkageType}`)}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={500}
              inputMode={linkageType === 'GAME' ? 'numeric' : linkageType === 'URL' ? 'url' : undefined}
              value={link}
              onChange={(event) => setLink(event.currentTarget.value)}
              error={touched && !isLinkValid ? t(`banners.linkInvalid.${linkageType}`) : undefined}
            />
          )}
        </SimpleGrid>
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
            error={touched && !isSortValid ? t('banners.sortInvalid') : undefined}
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
            error={!isWindowValid ? t('banners.endsBeforeStart') : undefined}
          />
        </SimpleGrid>
        <BannerPreview
          bannerKey={key.trim()}
          groupName={group}
          imageUrls={imageUrls}
          linkageType={linkageType}
          link={link}
          windowText={describeWindow(t, startsIso, endsIso, i18n.language)}
        />
        {error ? (
          <Alert color="red" role="alert">
            {errorMessage(error)}
          </Alert>
        ) : null}
        {touched && !hasEnPicture ? (
          <Text size="sm" c="red">
            {t('banners.pictureMissing')}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={uploads > 0}>
            {t('banners.publish')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
