import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { operatorMerchantCodes } from '@sorte/shared/contracts/console';
import type { ConsoleChannel } from '@sorte/shared/contracts/console-settings';
import { MAX_AMOUNT_MINOR } from '@sorte/shared/currency';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-states';
import { errorMessage } from '../../../lib/api';
import { downloadCsv } from '../../../lib/csv';
import { formatMinor, minorToDecimal } from '../../../lib/format';
import { parseMajorAmount } from '../../../lib/money-input';
import { useSignedInOperator } from '../../../lib/operator-context';
import { type MerchantCode, useMerchantChannels, useSaveChannel } from '../api/settings';

type Side = 'deposit' | 'withdraw';

/**
 * A merchant's payment channels: deposits and withdrawals on or off, each with its minimum and
 * maximum (typed in the currency's units, sent in minor units). Members see the new limits at once.
 */
export function ChannelList() {
  const { t } = useTranslation();
  const operator = useSignedInOperator();
  const fixed = operator.merchantCode as MerchantCode | null;
  const [chosen, setChosen] = useState<MerchantCode>('BR');
  const merchantCode = fixed ?? chosen;
  const channels = useMerchantChannels(merchantCode);

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" align="flex-end">
        {fixed ? (
          <Text size="sm" c="dimmed">
            {t('channels.limited', { merchant: t(`merchants.${fixed}`) })}
          </Text>
        ) : (
          <Select
            label={t('channels.merchant')}
            w={200}
            allowDeselect={false}
            value={merchantCode}
            onChange={(value) => value && setChosen(value as MerchantCode)}
            data={operatorMerchantCodes.map((code) => ({
              value: code,
              label: `${t(`merchants.${code}`)} (${code})`,
            }))}
          />
        )}
        <Button
          variant="default"
          disabled={!channels.data?.length}
          onClick={() =>
            downloadCsv(
              `channels-${merchantCode}.csv`,
              [
                { header: t('channels.code'), value: (c: ConsoleChannel) => c.code },
                { header: t('channels.currency'), value: (c: ConsoleChannel) => c.currency },
                { header: t('channels.depositOn'), value: (c: ConsoleChannel) => c.depositEnabled },
                {
                  header: t('channels.depositMin'),
                  value: (c: ConsoleChannel) => minorToDecimal(c.depositMin),
                },
                {
                  header: t('channels.depositMax'),
                  value: (c: ConsoleChannel) => minorToDecimal(c.depositMax),
                },
                { header: t('channels.withdrawOn'), value: (c: ConsoleChannel) => c.withdrawEnabled },
                {
                  header: t('channels.withdrawMin'),
                  value: (c: ConsoleChannel) => minorToDecimal(c.withdrawMin),
                },
                {
                  header: t('channels.withdrawMax'),
                  value: (c: ConsoleChannel) => minorToDecimal(c.withdrawMax),
                },
              ],
              channels.data ?? [],
            )
          }
        >
          {t('common.exportCsv')}
        </Button>
      </Group>
      {channels.isPending ? (
        <ListSkeleton rows={2} />
      ) : channels.isError ? (
        <ListError message={errorMessage(channels.error)} onRetry={() => void channels.refetch()} />
      ) : channels.data.length === 0 ? (
        <ListEmpty text={t('channels.empty')} />
      ) : (
        channels.data.map((channel) => (
          <ChannelForm
            key={`${merchantCode}:${JSON.stringify(channel)}`}
            merchantCode={merchantCode}
            channel={channel}
          />
        ))
      )}
    </Stack>
  );
}

type SideDraft = { enabled: boolean; min: string; max: string };

function ChannelForm({ merchantCode, channel }: { merchantCode: MerchantCode; channel: ConsoleChannel }) {
  const { t, i18n } = useTranslation();
  const save = useSaveChannel(merchantCode);
  const initial = (side: Side): SideDraft => ({
    enabled: channel[`${side}Enabled`],
    min: minorToDecimal(channel[`${side}Min`]),
    max: minorToDecimal(channel[`${side}Max`]),
  });
  const [draft, setDraft] = useState<Record<Side, SideDraft>>({
    deposit: initial('deposit'),
    withdraw: initial('withdraw'),
  });
  const parsed = (side: Side) => ({
    min: parseMajorAmount(draft[side].min, MAX_AMOUNT_MINOR),
    max: parseMajorAmount(draft[side].max, MAX_AMOUNT_MINOR),
  });
  const errors = (side: Side) => {
    const { min, max } = parsed(side);
    return {
      min: min === null ? t('channels.amountInvalid') : undefined,
      max:
        max === null
          ? t('channels.amountInvalid')
          : min !== null && max < min
            ? t('channels.maxBelowMin', { min: formatMinor(min, channel.currency, i18n.language) })
            : undefined,
    };
  };
  const isValid = (['deposit', 'withdraw'] as const).every((side) => {
    const e = errors(side);
    return !e.min && !e.max;
  });
  const isDirty =
    JSON.stringify(draft) !== JSON.stringify({ deposit: initial('deposit'), withdraw: initial('withdraw') });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid) return;
    const d = parsed('deposit');
    const w = parsed('withdraw');
    save.mutate(
      {
        code: channel.code,
        depositEnabled: draft.deposit.enabled,
        depositMin: d.min as number,
        depositMax: d.max as number,
        withdrawEnabled: draft.withdraw.enabled,
        withdrawMin: w.min as number,
        withdrawMax: w.max as number,
      },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: t('channels.saved', { code: channel.code }) }),
      },
    );
  };
  const set = (side: Side, change: Partial<SideDraft>) =>
    setDraft((current) => ({ ...current, [side]: { ...current[side], ...change } }));

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={channel.code}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            {channel.code} · {channel.currency}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {(['deposit', 'withdraw'] as const).map((side) => {
              const e = errors(side);
              return (
                <Stack key={side} gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
                  <Text component="legend" fw={600} mb={4}>
                    {t(`channels.${side}`)}
                  </Text>
                  <Switch
                    label={t(`channels.${side}On`)}
                    checked={draft[side].enabled}
                    onChange={(event) => set(side, { enabled: event.currentTarget.checked })}
                  />
                  <Group gap="sm" grow>
                    <TextInput
                      label={t('channels.min', { currency: channel.currency })}
                      inputMode="decimal"
                      value={draft[side].min}
                      error={e.min}
                      onChange={(event) => set(side, { min: event.currentTarget.value })}
                    />
                    <TextInput
                      label={t('channels.max', { currency: channel.currency })}
                      inputMode="decimal"
                      value={draft[side].max}
                      error={e.max}
                      onChange={(event) => set(side, { max: event.currentTarget.value })}
                    />
                  </Group>
                </Stack>
              );
            })}
          </SimpleGrid>
          {save.isError ? (
            <Alert color="red" role="alert">
              {errorMessage(save.error)}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" disabled={!isDirty} loading={save.isPending}>
              {t('channels.save', { code: channel.code })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
