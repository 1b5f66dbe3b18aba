import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  AUTO_RECEIPT_MINUTES_RANGE,
  DEFAULT_PASSWORD_LENGTH,
  type MerchantSettings,
  MINIMUM_AGE_RANGE,
  type UpdateMerchantSettingsBody,
} from '@sorte/shared/contracts/console-settings';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import { type MerchantCode, useSaveMerchantSettings } from '../api/settings';

/** Flags and fields the console has words for; any other the server lists shows by its name. */
const flagNames = [
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'MOBILENUMPASSREG3',
  'REGMOBVERF3',
  'AGENTPOLICY3',
  'FREEPLAY',
  'PASSWORD_EXPIRY',
  'SMS_LOGIN',
  'MOBILE_PASSWORD_RECOVERY',
  'PLAINTEXT_PAYLOADS',
  'SECOND_VERIFICATION',
  'LOGIN_IMAGE_CAPTCHA',
] as const;
const fieldNames = [
  'username',
  'password',
  'mobileNum',
  'payeeName',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'birthday',
  'affiliateCode',
  'paymentPassword',
] as const;
const isKnown = <T extends string>(names: readonly T[], name: string): name is T => names.includes(name as T);

type FieldDraft = { enabled: boolean; required: boolean; minLength: number; maxLength: number };
type Draft = {
  whitelabel: Record<string, boolean>;
  fields: Record<string, FieldDraft>;
  minimumAge: number | string;
  defaultMemberPassword: string;
  withdrawalAutoReceiptMinutes: number | string;
};

const draftOf = (s: MerchantSettings): Draft => ({
  whitelabel: { ...s.whitelabel },
  fields: Object.fromEntries(
    Object.entries(s.registerFields).map(([name, f]) => [
      name,
      { enabled: f.enabled, required: f.required, minLength: f.minLength, maxLength: f.maxLength },
    ]),
  ),
  minimumAge: s.minimumAge,
  defaultMemberPassword: s.defaultMemberPassword,
  withdrawalAutoReceiptMinutes: s.withdrawalAutoReceiptMinutes,
});

const asInt = (value: number | string) => (typeof value === 'number' ? value : Number.parseInt(value, 10));
const within = (value: number, range: { min: number; max: number }) =>
  Number.isInteger(value) && value >= range.min && value <= range.max;

/** Only what differs from the settings as read: the server keeps everything else as it is. */
function changesOf(settings: MerchantSettings, draft: Draft): UpdateMerchantSettingsBody {
  const body: UpdateMerchantSettingsBody = {};
  const flags = Object.entries(draft.whitelabel).filter(([name, on]) => settings.whitelabel[name] !== on);
  if (flags.length) body.whitelabel = Object.fromEntries(flags);
  const fields: NonNullable<UpdateMerchantSettingsBody['registerFields']> = {};
  for (const [name, next] of Object.entries(draft.fields)) {
    const current = settings.registerFields[name];
    if (!current) continue;
    const changed = Object.fromEntries(
      (Object.keys(next) as (keyof FieldDraft)[])
        .filter((key) => next[key] !== current[key])
        .map((key) => [key, next[key]]),
    );
    if (Object.keys(changed).length) fields[name] = changed;
  }
  if (Object.keys(fields).length) body.registerFields = fields;
  if (asInt(draft.minimumAge) !== settings.minimumAge) body.minimumAge = asInt(draft.minimumAge);
  if (draft.defaultMemberPassword !== settings.defaultMemberPassword)
    body.defaultMemberPassword = draft.defaultMemberPassword;
  if (asInt(draft.withdrawalAutoReceiptMinutes) !== settings.withdrawalAutoReceiptMinutes)
    body.withdrawalAutoReceiptMinutes = asInt(draft.withdrawalAutoReceiptMinutes);
  return body;
}

/**
 * A merchant's sign-up and payout settings in one form: whitelabel flags, the register fields (shown,
 * required, lengths within each field's bounds), the minimum age, the default weak password of the
 * accounts agents create, and the withdrawal auto-receipt minutes. Save sends what changed; the
 * server checks it all again and names the field it refuses.
 */
export function SettingsForm({ settings }: { settings: MerchantSettings }) {
  const { t } = useTranslation();
  const save = useSaveMerchantSettings(settings.merchantCode as MerchantCode);
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const changes = changesOf(settings, draft);
  const isDirty = Object.keys(changes).length > 0;

  const age = asInt(draft.minimumAge);
  const minutes = asInt(draft.withdrawalAutoReceiptMinutes);
  const password = draft.defaultMemberPassword;
  const passwordRule = draft.fields.password;
  const passwordError =
    password.trim() !== password
      ? t('settings.form.edgeSpaces')
      : [...password].length < Math.max(DEFAULT_PASSWORD_LENGTH.min, passwordRule?.minLength ?? 0) ||
          [...password].length > Math.min(DEFAULT_PASSWORD_LENGTH.max, passwordRule?.maxLength ?? 64)
        ? t('settings.form.passwordLength', {
            min: Math.max(DEFAULT_PASSWORD_LENGTH.min, passwordRule?.minLength ?? 0),
            max: Math.min(DEFAULT_PASSWORD_LENGTH.max, passwordRule?.maxLength ?? 64),
          })
        : null;
  const fieldError = (name: string): string | null => {
    const field = draft.fields[name];
    const bounds = settings.registerFields[name]?.lengthBounds;
    if (!field || !bounds) return null;
    if (!within(field.minLength, bounds) || !within(field.maxLength, bounds))
      return t('settings.form.lengthBounds', bounds);
    if (field.maxLength < field.minLength) return t('settings.form.maxBelowMin');
    return null;
  };
  const isValid =
    within(age, MINIMUM_AGE_RANGE) &&
    within(minutes, AUTO_RECEIPT_MINUTES_RANGE) &&
    !passwordError &&
    Object.keys(draft.fields).every((name) => !fieldError(name));

  const setField = (name: string, change: Partial<FieldDraft>) =>
    setDraft((d) => {
      const next = { ...(d.fields[name] as FieldDraft), ...change };
      // A field that is not shown cannot be required, and a required one is shown.
      if (change.enabled === false) next.required = false;
      if (change.required === true) next.enabled = true;
      return { ...d, fields: { ...d.fields, [name]: next } };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isDirty || !isValid) return;
    save.mutate(changes, {
      onSuccess: (saved) => {
        setDraft(draftOf(saved));
        notifications.show({
          color: 'green',
          message: t('settings.form.saved', { merchant: t(`merchants.${settings.merchantCode}`) }),
        });
      },
    });
  };

  const flagLabel = (name: string) => (isKnown(flagNames, name) ? t(`settings.flags.${name}`) : name);
  const fieldLabel = (name: string) => (isKnown(fieldNames, name) ? t(`settings.fields.${name}`) : name);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="signup-settings-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Title order={2} size="h4" id="signup-settings-title">
            {t('settings.form.title')}
          </Title>

          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={600} mb="xs">
              {t('settings.form.flags')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {Object.entries(draft.whitelabel).map(([name, on]) => (
                <Switch
                  key={name}
                  label={flagLabel(name)}
                  description={name}
                  checked={on}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    setDraft((d) => ({ ...d, whitelabel: { ...d.whitelabel, [name]: checked } }));
                  }}
                />
              ))}
            </SimpleGrid>
          </Stack>

          <Stack gap="xs">
            <Text fw={600}>{t('settings.form.fields')}</Text>
            <Text size="sm" c="dimmed">
              {t('settings.form.fieldsHint')}
            </Text>
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('settings.form.field')}</Table.Th>
                    <Table.Th>{t('settings.form.shown')}</Table.Th>
                    <Table.Th>{t('settings.form.required')}</Table.Th>
                    <Table.Th>{t('settings.form.minLength')}</Table.Th>
                    <Table.Th>{t('settings.form.maxLength')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {Object.entries(draft.fields).map(([name, field]) => {
                    const meta = settings.registerFields[name];
                    const isFixed = meta ? meta.lengthBounds.min === meta.lengthBounds.max : false;
                    const error = fieldError(name);
                    const label = fieldLabel(name);
                    return (
                      <Table.Tr key={name}>
                        <Table.Td>
                          <Text size="sm">{label}</Text>
                          {error ? (
                            <Text size="xs" c="red" role="alert">
                              {error}
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td>
                          <Checkbox
                            checked={field.enabled}
                            disabled={meta?.locked}
                            onChange={(event) => setField(name, { enabled: event.currentTarget.checked })}
                            aria-label={t('settings.form.shownLabel', { field: label })}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Checkbox
                            checked={field.required}
                            disabled={meta?.locked}
                            onChange={(event) => setField(name, { required: event.currentTarget.checked })}
                            aria-label={t('settings.form.requiredLabel', { field: label })}
                          />
                        </Table.Td>
                        {(['minLength', 'maxLength'] as const).map((part) => (
                          <Table.Td key={part}>
                            <NumberInput
                              size="xs"
                              w={80}
                              min={meta?.lengthBounds.min}
                              max={meta?.lengthBounds.max}
                              allowDecimal={false}
                              allowNegative={false}
                              disabled={isFixed}
                              value={field[part]}
                              onChange={(value) => setField(name, { [part]: asInt(value) })}
                              aria-label={t(`settings.form.${part}Label`, { field: label })}
                            />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>

          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={t('settings.form.minimumAge')}
              description={t('settings.form.minimumAgeHint', MINIMUM_AGE_RANGE)}
              min={MINIMUM_AGE_RANGE.min}
              max={MINIMUM_AGE_RANGE.max}
              allowDecimal={false}
              allowNegative={false}
              value={draft.minimumAge}
              error={
                within(age, MINIMUM_AGE_RANGE) ? undefined : t('settings.form.between', MINIMUM_AGE_RANGE)
              }
              onChange={(value) => setDraft((d) => ({ ...d, minimumAge: value }))}
            />
            <TextInput
              label={t('settings.form.defaultPassword')}
              description={t('settings.form.defaultPasswordHint')}
              autoComplete="off"
              spellCheck={false}
              maxLength={DEFAULT_PASSWORD_LENGTH.max}
              value={draft.defaultMemberPassword}
              error={passwordError ?? undefined}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDraft((d) => ({ ...d, defaultMemberPassword: value }));
              }}
            />
            <NumberInput
              label={t('settings.form.autoReceipt')}
              description={t('settings.form.autoReceiptHint')}
              min={AUTO_RECEIPT_MINUTES_RANGE.min}
              max={AUTO_RECEIPT_MINUTES_RANGE.max}
              allowDecimal={false}
              allowNegative={false}
              value={draft.withdrawalAutoReceiptMinutes}
              error={
                within(minutes, AUTO_RECEIPT_MINUTES_RANGE)
                  ? undefined
                  : t('settings.form.between', AUTO_RECEIPT_MINUTES_RANGE)
              }
              onChange={(value) => setDraft((d) => ({ ...d, withdrawalAutoReceiptMinutes: value }))}
            />
          </SimpleGrid>

          {save.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(save.error)}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" disabled={!isDirty} loading={save.isPending}>
              {t('settings.form.save')}
            </Button>
            <Button variant="default" disabled={!isDirty} onClick={() => setDraft(draftOf(settings))}>
              {t('settings.form.undo')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
