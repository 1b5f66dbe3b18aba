import { ActionIcon, Alert, Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { operatorMerchantCodes } from '@sorte/shared/contracts/console';
import type { ConsoleVendorSorting } from '@sorte/shared/contracts/console-games';
import type { GameType } from '@sorte/shared/contracts/games';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError, ListSkeleton } from '../../../components/list-states';
import { errorMessage } from '../../../lib/api';
import { downloadCsv } from '../../../lib/csv';
import type { MerchantCode } from '../api/games';
import { useSaveVendorMenu, useVendorMenu } from '../api/vendors';
import { useMerchantChoice } from './game-list';

type Entry =
  | ConsoleVendorSorting['entries'][number]
  | (ConsoleVendorSorting['available'][number] & { isNew: true });
type Category = { gameType: GameType; vendors: Entry[] };

/** The flat list (the server's order) as categories in menu order, each with its vendors in order. */
export function categoriesOf(entries: readonly Entry[]): Category[] {
  const categories: Category[] = [];
  for (const entry of entries) {
    const category = categories.find((c) => c.gameType === entry.gameType);
    if (category) category.vendors.push(entry);
    else categories.push({ gameType: entry.gameType, vendors: [entry] });
  }
  return categories;
}

const flatten = (categories: readonly Category[]) => categories.flatMap((c) => c.vendors);

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[from], next[to]] = [next[to] as T, next[from] as T];
  return next;
}

/**
 * A merchant's vendor sorting list: the site's menu shows the categories in this order, each with its
 * vendors in order. Categories and vendors move up and down, vendors are added from those that
 * declare the category or taken out; nothing changes on the site until Save.
 */
export function VendorMenu() {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState('BR');
  const { merchantCode, isFixed } = useMerchantChoice(chosen);
  const menu = useVendorMenu(merchantCode);
  const save = useSaveVendorMenu(merchantCode);
  const [draft, setDraft] = useState<Category[] | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  // A new answer (another merchant, a save) starts the draft again from it.
  useEffect(() => {
    setDraft(menu.data ? categoriesOf(menu.data.entries) : null);
    save.reset();
  }, [menu.data, save.reset]);

  if (menu.isError)
    return <ListError message={errorMessage(menu.error)} onRetry={() => void menu.refetch()} />;
  if (menu.isPending || !draft) return <ListSkeleton rows={4} />;

  const entries = flatten(draft);
  const listed = new Set(entries.map((e) => `${e.gameType}:${e.vassalage}`));
  const available = menu.data.available.filter((a) => !listed.has(`${a.gameType}:${a.vassalage}`));
  const isDirty =
    JSON.stringify(entries.map((e) => [e.gameType, e.vassalage])) !==
    JSON.stringify(menu.data.entries.map((e) => [e.gameType, e.vassalage]));

  const moveCategory = (index: number, step: number) => setDraft(moved(draft, index, index + step));
  const moveVendor = (categoryIndex: number, index: number, step: number) =>
    setDraft(
      draft.map((c, i) =>
        i === categoryIndex ? { ...c, vendors: moved(c.vendors, index, index + step) } : c,
      ),
    );
  const remove = (entry: Entry) => setDraft(categoriesOf(entries.filter((e) => e !== entry)));
  const add = (key: string | null) => {
    const found = available.find((a) => `${a.gameType}:${a.vassalage}` === key);
    if (!found) return;
    // Into its category (at its end); a category new to the menu goes last.
    const index = draft.findIndex((c) => c.gameType === found.gameType);
    const entry: Entry = { ...found, isNew: true };
    setDraft(
      index === -1
        ? [...draft, { gameType: found.gameType, vendors: [entry] }]
        : draft.map((c, i) => (i === index ? { ...c, vendors: [...c.vendors, entry] } : c)),
    );
    setAdding(null);
  };
  const submit = () =>
    save.mutate(
      entries.map((e) => ({ gameType: e.gameType, vassalage: e.vassalage })),
      { onSuccess: () => notifications.show({ color: 'green', message: t('games.menu.saved') }) },
    );

  return (
    <Stack gap="md" maw={760}>
      <Group justify="space-between" align="flex-end" gap="sm">
        {isFixed ? (
          <Text size="sm" c="dimmed">
            {t('games.menu.limited', { merchant: t(`merchants.${merchantCode}`) })}
          </Text>
        ) : (
          <Select
            label={t('games.merchant')}
            w={200}
            allowDeselect={false}
            value={merchantCode}
            disabled={isDirty}
            description={isDirty ? t('games.menu.saveFirst') : undefined}
            onChange={(value) => value && setChosen(value as MerchantCode)}
            data={operatorMerchantCodes.map((code) => ({
              value: code,
              label: `${t(`merchants.${code}`)} (${code})`,
            }))}
          />
        )}
        <Button
          variant="default"
          onClick={() =>
            downloadCsv(
              `vendor-menu-${merchantCode}.csv`,
              [
                { header: t('games.menu.position'), value: (e: Entry) => entries.indexOf(e) + 1 },
                { header: t('games.columns.type'), value: (e: Entry) => e.gameType },
                { header: t('games.vendors.code'), value: (e: Entry) => e.vassalage },
                { header: t('games.vendors.name'), value: (e: Entry) => e.name },
              ],
              entries,
            )
          }
        >
          {t('common.exportCsv')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('games.menu.intro')}
      </Text>

      {draft.length === 0 ? <Alert color="orange">{t('games.menu.emptyDraft')}</Alert> : null}
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {draft.map((category, categoryIndex) => (
          <Paper
            key={category.gameType}
            component="li"
            withBorder
            p="sm"
            radius="md"
            aria-label={t('games.menu.category', { type: category.gameType })}
          >
            <Group justify="space-between" wrap="nowrap" mb="xs">
              <Title order={3} size="h5">
                {categoryIndex + 1}. {category.gameType}
              </Title>
              <UpDown
                label={category.gameType}
                canUp={categoryIndex > 0}
                canDown={categoryIndex < draft.length - 1}
                onMove={(step) => moveCategory(categoryIndex, step)}
              />
            </Group>
            <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {category.vendors.map((entry, index) => (
                <Group key={entry.vassalage} component="li" justify="space-between" gap="xs" wrap="wrap">
                  <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {entry.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {entry.vassalage}
                    </Text>
                    {'isNew' in entry ? (
                      <Badge variant="light">{t('games.menu.new')}</Badge>
                    ) : (
                      <>
                        {entry.enabled ? null : <Badge color="gray">{t('games.vendors.isOff')}</Badge>}
                        {entry.maintenance ? (
                          <Badge color="orange">{t('games.vendors.maintenance')}</Badge>
                        ) : null}
                        {entry.hasGames ? null : (
                          <Badge color="yellow" variant="light">
                            {t('games.menu.noGames')}
                          </Badge>
                        )}
                      </>
                    )}
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    <UpDown
                      label={`${category.gameType} ${entry.name}`}
                      canUp={index > 0}
                      canDown={index < category.vendors.length - 1}
                      onMove={(step) => moveVendor(categoryIndex, index, step)}
                    />
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => remove(entry)}
                      aria-label={t('games.menu.removeLabel', { name: entry.name, type: category.gameType })}
                    >
                      {t('games.menu.remove')}
                    </Button>
                  </Group>
                </Group>
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>

      {available.length > 0 ? (
        <Select
          label={t('games.menu.add')}
          placeholder={t('games.menu.addPlaceholder')}
          w={{ base: '100%', sm: 360 }}
          value={adding}
          onChange={add}
          data={available.map((a) => ({
            value: `${a.gameType}:${a.vassalage}`,
            label: `${a.gameType} · ${a.name} (${a.vassalage})`,
          }))}
        />
      ) : null}

      {save.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(save.error)}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button onClick={submit} disabled={!isDirty || entries.length === 0} loading={save.isPending}>
          {t('games.menu.save')}
        </Button>
        <Button
          variant="default"
          disabled={!isDirty}
          onClick={() => setDraft(categoriesOf(menu.data.entries))}
        >
          {t('games.menu.undo')}
        </Button>
      </Group>
    </Stack>
  );
}

function UpDown({
  label,
  canUp,
  canDown,
  onMove,
}: {
  label: string;
  canUp: boolean;
  canDown: boolean;
  onMove: (step: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        disabled={!canUp}
        onClick={() => onMove(-1)}
        aria-label={t('games.menu.up', { name: label })}
      >
        <span aria-hidden="true">↑</span>
      </ActionIcon>
      <ActionIcon
        variant="default"
        disabled={!canDown}
        onClick={() => onMove(1)}
        aria-label={t('games.menu.down', { name: label })}
      >
        <span aria-hidden="true">↓</span>
      </ActionIcon>
    </Group>
  );
}
