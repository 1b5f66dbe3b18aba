import {
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MerchantSettings } from '@sorte/shared/contracts/console-settings';
import { isoCountryCodes } from '@sorte/shared/iso-countries';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api';
import { intlLocale } from '../../../lib/i18n';
import { type MaintenanceTexts, type MerchantCode, type SiteChange, useChangeSite } from '../api/settings';

const domainPattern = /^(?=.{1,253}$)([a-z0-9-]{1,63}\.)*[a-z0-9-]{1,63}$/;

/** "Brazil (BR)" in the console's language; the code alone where the browser has no name for it. */
export function useCountryName() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([intlLocale(i18n.language)], { type: 'region' });
    } catch {}
    return (code: string) => {
      const name = names?.of(code);
      return name && name !== code ? `${name} (${code})` : code;
    };
  }, [i18n.language]);
}

/**
 * The site's status for one merchant: open or closed for maintenance (asking first, with the page's
 * texts), the countries whose visitors may use it, and the domains that open it. Each change is on
 * the site within seconds.
 */
export function SiteStatus({ settings }: { settings: MerchantSettings }) {
  const { t } = useTranslation();
  const merchantCode = settings.merchantCode as MerchantCode;
  const change = useChangeSite(merchantCode);
  const [isAskingMaintenance, setAskingMaintenance] = useState(false);
  const [texts, setTexts] = useState<MaintenanceTexts>({
    title: t('settings.site.defaultTitle'),
    info: t('settings.site.defaultInfo'),
  });
  const [removing, setRemoving] = useState<string | null>(null);

  /** A refusal shows in the open dialog when there is one (`inDialog`), else as a notification. */
  const apply = (next: SiteChange, message: string, done?: () => void, inDialog = false) =>
    change.mutate(next, {
      onSuccess: () => {
        notifications.show({ color: 'green', message });
        done?.();
      },
      onError: (error) => {
        if (!inDialog) notifications.show({ color: 'red', message: errorMessage(error) });
      },
    });
  const merchant = t(`merchants.${merchantCode}`);
  const areTextsValid = texts.title.trim().length > 0 && texts.info.trim().length > 0;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="site-status-title">
      <Stack gap="lg">
        <Title order={2} size="h4" id="site-status-title">
          {t('settings.site.title')}
        </Title>
        <Group justify="space-between" gap="sm">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600}>{t('settings.site.maintenance')}</Text>
              <Badge color={settings.maintenance ? 'orange' : 'green'} variant="light">
                {settings.maintenance ? t('settings.site.closed') : t('settings.site.open')}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t('settings.site.maintenanceHint')}
            </Text>
          </Stack>
          <Switch
            size="md"
            color="orange"
            checked={settings.maintenance}
            aria-label={t('settings.site.maintenance')}
            onChange={(event) =>
              event.currentTarget.checked
                ? setAskingMaintenance(true)
                : apply({ kind: 'maintenance', on: null }, t('settings.site.reopened', { merchant }))
            }
          />
        </Group>

        <AllowedCountries
          key={`${merchantCode}:${(settings.allowedCountries ?? []).join(',')}`}
          current={settings.allowedCountries}
          pending={change.isPending}
          onSave={(allowedCountries) =>
            apply({ kind: 'region', allowedCountries }, t('settings.site.countriesSaved', { merchant }))
          }
        />

        <Domains
          domains={settings.domains}
          pending={change.isPending}
          onAdd={(domain, done) =>
            apply({ kind: 'addDomain', domain }, t('settings.site.domainAdded', { domain }), done)
          }
          onRemove={setRemoving}
        />
      </Stack>

      <ConfirmDialog
        opened={isAskingMaintenance}
        title={t('settings.site.closeTitle', { merchant })}
        text={t('settings.site.closeText')}
        confirmLabel={t('settings.site.closeConfirm')}
        confirmColor="orange"
        pending={change.isPending}
        error={isAskingMaintenance && change.isError ? change.error : null}
        onClose={() => {
          change.reset();
          setAskingMaintenance(false);
        }}
        onConfirm={() => {
          if (!areTextsValid) return;
          apply(
            { kind: 'maintenance', on: texts },
            t('settings.site.closedDone', { merchant }),
            () => setAskingMaintenance(false),
            true,
          );
        }}
      >
        <TextInput
          label={t('settings.site.pageTitle')}
          required
          maxLength={200}
          value={texts.title}
          error={texts.title.trim() ? undefined : t('settings.site.textRequired')}
          onChange={(event) => setTexts({ ...texts, title: event.currentTarget.value })}
          data-autofocus
        />
        <Textarea
          label={t('settings.site.pageInfo')}
          description={t('settings.site.pageInfoHint')}
          required
          autosize
          minRows={2}
          maxLength={2000}
          value={texts.info}
          error={texts.info.trim() ? undefined : t('settings.site.textRequired')}
          onChange={(event) => setTexts({ ...texts, info: event.currentTarget.value })}
        />
      </ConfirmDialog>
      <ConfirmDialog
        opened={removing !== null}
        title={t('settings.site.removeDomainTitle', { domain: removing ?? '' })}
        text={t('settings.site.removeDomainText')}
        confirmLabel={t('settings.site.removeDomain')}
        pending={change.isPending}
        error={removing && change.isError ? change.error : null}
        onClose={() => {
          change.reset();
          setRemoving(null);
        }}
        onConfirm={() => {
          if (removing)
            apply(
              { kind: 'removeDomain', domain: removing },
              t('settings.site.domainRemoved', { domain: removing }),
              () => setRemoving(null),
              true,
            );
        }}
      />
    </Paper>
  );
}

function AllowedCountries({
  current,
  pending,
  onSave,
}: {
  current: string[] | null;
  pending: boolean;
  onSave: (countries: string[] | null) => void;
}) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const [isEveryone, setEveryone] = useState(current === null);
  const [codes, setCodes] = useState<string[]>(current ?? []);
  const options = useMemo(
    () => isoCountryCodes.map((code) => ({ value: code, label: countryName(code) })),
    [countryName],
  );
  const next = isEveryone ? null : codes;
  const isDirty = JSON.stringify(next) !== JSON.stringify(current);
  const isEmpty = !isEveryone && codes.length === 0;
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('settings.site.countries')}</Text>
      <Text size="sm" c="dimmed">
        {t('settings.site.countriesHint')}
      </Text>
      <Checkbox
        label={t('settings.site.everyone')}
        checked={isEveryone}
        onChange={(event) => setEveryone(event.currentTarget.checked)}
      />
      {isEveryone ? null : (
        <MultiSelect
          label={t('settings.site.countryList')}
          searchable
          clearable
          data={options}
          value={codes}
          onChange={setCodes}
          maxValues={250}
          error={isEmpty ? t('settings.site.countriesEmpty') : undefined}
          nothingFoundMessage={t('settings.site.noCountry')}
        />
      )}
      <Group>
        <Button size="sm" disabled={!isDirty || isEmpty} loading={pending} onClick={() => onSave(next)}>
          {t('settings.site.saveCountries')}
        </Button>
      </Group>
    </Stack>
  );
}

function Domains({
  domains,
  pending,
  onAdd,
  onRemove,
}: {
  domains: string[];
  pending: boolean;
  onAdd: (domain: string, done: () => void) => void;
  onRemove: (domain: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [isInvalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const domain = text.trim().toLowerCase();
    if (!domainPattern.test(domain)) {
      setInvalid(true);
      return;
    }
    onAdd(domain, () => setText(''));
  };
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('settings.site.domains')}</Text>
      <Text size="sm" c="dimmed">
        {t('settings.site.domainsHint')}
      </Text>
      {domains.length === 0 ? (
        <Text size="sm">{t('settings.site.noDomains')}</Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {domains.map((domain) => (
            <Group key={domain} component="li" justify="space-between" gap="xs">
              <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {domain}
              </Text>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => onRemove(domain)}
                aria-label={t('settings.site.removeDomainLabel', { domain })}
              >
                {t('settings.site.removeDomain')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <form
        onSubmit={submit}
        noValidate
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-start' }}
      >
        <TextInput
          label={t('settings.site.newDomain')}
          placeholder="sorte.example"
          w={{ base: '100%', sm: 280 }}
          autoCapitalize="none"
          spellCheck={false}
          value={text}
          error={isInvalid ? t('settings.site.domainInvalid') : undefined}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setInvalid(false);
          }}
        />
        <Button type="submit" variant="light" mt={{ base: 0, sm: 25 }} loading={pending}>
          {t('settings.site.addDomain')}
        </Button>
      </form>
    </Stack>
  );
}
