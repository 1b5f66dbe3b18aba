import { Badge, Button, Card, Group, Image, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ConsoleVendor } from '@sorte/shared/contracts/console-games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-states';
import { errorMessage } from '../../../lib/api';
import { downloadCsv } from '../../../lib/csv';
import { useSignedInOperator } from '../../../lib/operator-context';
import { useChangeVendor, useConsoleVendors } from '../api/vendors';

type VendorChange = { vendor: ConsoleVendor; enabled?: boolean; maintenance?: boolean };

/**
 * Game vendors, for every merchant: on or off, in maintenance or not. Switching one off or putting it
 * in maintenance asks first. An operator limited to one merchant sees their state but cannot change
 * it (it would change the other merchants' sites too).
 */
export function VendorList() {
  const { t } = useTranslation();
  const operator = useSignedInOperator();
  const canChange = operator.merchantCode === null;
  const vendors = useConsoleVendors();
  const change = useChangeVendor();
  const [asking, setAsking] = useState<VendorChange | null>(null);

  const apply = (next: VendorChange, done?: () => void) =>
    change.mutate(
      { vassalage: next.vendor.vassalage, enabled: next.enabled, maintenance: next.maintenance },
      {
        onSuccess: () => done?.(),
        onError: (error) => {
          if (!done) notifications.show({ color: 'red', message: errorMessage(error) });
        },
      },
    );
  const request = (next: VendorChange) =>
    next.enabled === false || next.maintenance === true ? setAsking(next) : apply(next);

  if (vendors.isPending) return <ListSkeleton rows={3} />;
  if (vendors.isError)
    return <ListError message={errorMessage(vendors.error)} onRetry={() => void vendors.refetch()} />;
  if (vendors.data.length === 0) return <ListEmpty text={t('games.vendors.empty')} />;

  const question = asking?.enabled === false ? 'off' : 'maintenance';
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" maw={640}>
          {canChange ? t('games.vendors.intro') : t('games.vendors.limited')}
        </Text>
        <Button
          variant="default"
          size="sm"
          onClick={() =>
            downloadCsv(
              'vendors.csv',
              [
                { header: t('games.vendors.code'), value: (v: ConsoleVendor) => v.vassalage },
                { header: t('games.vendors.name'), value: (v: ConsoleVendor) => v.name },
                { header: t('games.vendors.types'), value: (v: ConsoleVendor) => v.gameTypes.join(' ') },
                { header: t('games.vendors.games'), value: (v: ConsoleVendor) => v.games },
                { header: t('games.vendors.enabled'), value: (v: ConsoleVendor) => v.enabled },
                { header: t('games.vendors.maintenance'), value: (v: ConsoleVendor) => v.maintenance },
              ],
              vendors.data,
            )
          }
        >
          {t('common.exportCsv')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {vendors.data.map((vendor) => (
          <Card key={vendor.vassalage} withBorder padding="md" component="article" aria-label={vendor.name}>
            <Group gap="sm" wrap="nowrap" mb="xs">
              {vendor.logoUrl ? <Image src={vendor.logoUrl} alt="" w={40} h={40} fit="contain" /> : null}
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {vendor.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {vendor.vassalage} · {t('games.vendors.gameCount', { count: vendor.games })}
                </Text>
              </Stack>
            </Group>
            <Group gap={4} mb="sm">
              {vendor.gameTypes.map((type) => (
                <Badge key={type} variant="outline" color="gray">
                  {type}
                </Badge>
              ))}
            </Group>
            {canChange ? (
              <Stack gap="xs">
                <Switch
                  label={t('games.vendors.enabled')}
                  checked={vendor.enabled}
                  onChange={(event) => request({ vendor, enabled: event.currentTarget.checked })}
                />
                <Switch
                  label={t('games.vendors.maintenance')}
                  color="orange"
                  checked={vendor.maintenance}
                  onChange={(event) => request({ vendor, maintenance: event.currentTarget.checked })}
                />
              </Stack>
            ) : (
              <Group gap="xs">
                <Badge color={vendor.enabled ? 'green' : 'gray'} variant="light">
                  {vendor.enabled ? t('games.vendors.isOn') : t('games.vendors.isOff')}
                </Badge>
                {vendor.maintenance ? (
                  <Badge color="orange" variant="light">
                    {t('games.vendors.maintenance')}
                  </Badge>
                ) : null}
              </Group>
            )}
          </Card>
        ))}
      </SimpleGrid>
      <ConfirmDialog
        opened={asking !== null}
        title={t(`games.vendors.${question}Title`, { name: asking?.vendor.name ?? '' })}
        text={t(`games.vendors.${question}Text`)}
        confirmLabel={t(`games.vendors.${question}Confirm`)}
        confirmColor={question === 'off' ? 'red' : 'orange'}
        pending={change.isPending}
        error={asking && change.isError ? change.error : null}
        onClose={() => {
          change.reset();
          setAsking(null);
        }}
        onConfirm={() => {
          if (asking) apply(asking, () => setAsking(null));
        }}
      />
    </Stack>
  );
}
