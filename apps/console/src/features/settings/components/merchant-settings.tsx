import { Badge, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { operatorMerchantCodes } from '@sorte/shared/contracts/console';
import type { MerchantSettings } from '@sorte/shared/contracts/console-settings';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListError, ListSkeleton } from '../../../components/list-states';
import { errorMessage } from '../../../lib/api';
import { downloadCsv } from '../../../lib/csv';
import { useSignedInOperator } from '../../../lib/operator-context';
import { type MerchantCode, useMerchantSettings, useMerchantsSettings } from '../api/settings';
import { SettingsForm } from './settings-form';
import { SiteStatus } from './site-status';

const isMerchantCode = (value: string | null): value is MerchantCode =>
  (operatorMerchantCodes as readonly string[]).includes(value ?? '');

/**
 * The merchants (one, for an operator limited to it) with their site status and main settings, and
 * the chosen merchant's settings below (deep-linkable: ?merchant=MX).
 */
export function MerchantSettingsScreen() {
  const operator = useSignedInOperator();
  const [search, setSearch] = useSearchParams();
  const codes: MerchantCode[] = operator.merchantCode
    ? [operator.merchantCode as MerchantCode]
    : [...operatorMerchantCodes];
  const asked = search.get('merchant');
  const chosen = isMerchantCode(asked) && codes.includes(asked) ? asked : (codes[0] as MerchantCode);

  return (
    <Stack gap="lg">
      <MerchantOverview codes={codes} chosen={chosen} onChoose={(code) => setSearch({ merchant: code })} />
      <MerchantDetail key={chosen} merchantCode={chosen} />
    </Stack>
  );
}

function MerchantOverview({
  codes,
  chosen,
  onChoose,
}: {
  codes: MerchantCode[];
  chosen: MerchantCode;
  onChoose: (code: MerchantCode) => void;
}) {
  const { t } = useTranslation();
  const queries = useMerchantsSettings(codes);
  const rows = codes.map((code, index) => ({ code, query: queries[index] as (typeof queries)[number] }));
  const loaded = rows.flatMap((row) => (row.query.data ? [row.query.data] : []));
  const countries = (s: MerchantSettings) =>
    s.allowedCountries ? s.allowedCountries.join(' ') : t('settings.everyone');
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('settings.overviewHint')}
        </Text>
        <Button
          variant="default"
          size="sm"
          disabled={loaded.length === 0}
          onClick={() =>
            downloadCsv(
              'merchant-settings.csv',
              [
                { header: t('settings.columns.merchant'), value: (s: MerchantSettings) => s.merchantCode },
                { header: t('settings.columns.currency'), value: (s: MerchantSettings) => s.currency },
                {
                  header: t('settings.columns.status'),
                  value: (s: MerchantSettings) => (s.maintenance ? 'maintenance' : 'open'),
                },
                { header: t('settings.columns.countries'), value: countries },
                {
                  header: t('settings.columns.domains'),
                  value: (s: MerchantSettings) => s.domains.join(' '),
                },
                { header: t('settings.columns.minimumAge'), value: (s: MerchantSettings) => s.minimumAge },
                {
                  header: t('settings.columns.autoReceipt'),
                  value: (s: MerchantSettings) => s.withdrawalAutoReceiptMinutes,
                },
              ],
              loaded,
            )
          }
        >
          {t('common.exportCsv')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settings.columns.merchant')}</Table.Th>
              <Table.Th>{t('settings.columns.status')}</Table.Th>
              <Table.Th>{t('settings.columns.countries')}</Table.Th>
              <Table.Th>{t('settings.columns.domains')}</Table.Th>
              <Table.Th>{t('settings.columns.minimumAge')}</Table.Th>
              <Table.Th>{t('common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ code, query }) => (
              <Table.Tr key={code} aria-current={code === chosen ? 'true' : undefined}>
                <Table.Td>
                  <Text fw={code === chosen ? 700 : 500} size="sm">
                    {t(`merchants.${code}`)} ({code})
                  </Text>
                </Table.Td>
                {query.isPending ? (
                  <Table.Td colSpan={4}>
                    <Skeleton height={16} />
                  </Table.Td>
                ) : query.isError ? (
                  <Table.Td colSpan={4}>
                    <Text size="sm" c="red">
                      {errorMessage(query.error)}
                    </Text>
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td>
                      <Badge color={query.data.maintenance ? 'orange' : 'green'} variant="light">
                        {query.data.maintenance ? t('settings.site.closed') : t('settings.site.open')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{countries(query.data)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {query.data.domains.length ? query.data.domains.join(', ') : t('common.none')}
                    </Table.Td>
                    <Table.Td>{query.data.minimumAge}</Table.Td>
                  </>
                )}
                <Table.Td>
                  <Button
                    size="xs"
                    variant={code === chosen ? 'filled' : 'default'}
                    onClick={() => onChoose(code)}
                    aria-label={t('settings.open', { merchant: t(`merchants.${code}`) })}
                  >
                    {t('settings.edit')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function MerchantDetail({ merchantCode }: { merchantCode: MerchantCode }) {
  const { t } = useTranslation();
  const settings = useMerchantSettings(merchantCode);
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('settings.detailTitle', { merchant: t(`merchants.${merchantCode}`), code: merchantCode })}
      </Title>
      {settings.isPending ? (
        <ListSkeleton rows={6} />
      ) : settings.isError ? (
        <ListError message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <SiteStatus settings={settings.data} />
          <SettingsForm settings={settings.data} />
        </>
      )}
    </Stack>
  );
}
