import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  Image,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { operatorMerchantCodes } from '@sorte/shared/contracts/console';
import { type ConsoleGame, GAME_SORT_MAX, type LobbyState } from '@sorte/shared/contracts/console-games';
import { type GameType, gameTypes } from '@sorte/shared/contracts/games';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type Fact, Facts } from '../../../components/facts';
import { PagedList } from '../../../components/paged-list';
import { errorMessage } from '../../../lib/api';
import type { CsvColumn } from '../../../lib/csv';
import { useSignedInOperator } from '../../../lib/operator-context';
import { useListParams } from '../../../lib/use-list-params';
import { type GameChange, type MerchantCode, useChangeGame, useConsoleGames } from '../api/games';
import { useConsoleVendors } from '../api/vendors';

const everything = 'all';
const lobbyColors: Record<LobbyState, string> = {
  shown: 'green',
  off: 'gray',
  withdrawn: 'red',
  vendorOff: 'orange',
  notListed: 'yellow',
};

export const isMerchantCode = (value: string): value is MerchantCode =>
  (operatorMerchantCodes as readonly string[]).includes(value);
const flagOf = (value: string) => (value === 'true' ? true : value === 'false' ? false : null);

/** The merchant a list is about: the operator's own when limited to one, else the one chosen (BR first). */
export function useMerchantChoice(chosen: string): { merchantCode: MerchantCode; isFixed: boolean } {
  const operator = useSignedInOperator();
  const fixed = operator.merchantCode as MerchantCode | null;
  return { merchantCode: fixed ?? (isMerchantCode(chosen) ? chosen : 'BR'), isFixed: fixed !== null };
}

/**
 * A merchant's games: filters (vendor, category, on/off, hot, name), each game's switches and its
 * place among its vendor's games of its category (a number, or up and down), and why a game is not
 * in the lobby. Turning a game off asks first. Every change is on the site at once.
 */
export function GameList() {
  const { t } = useTranslation();
  const list = useListParams(['merchant', 'vendor', 'type', 'enabled', 'hot', 'q']);
  const { merchantCode, isFixed } = useMerchantChoice(list.filters.merchant);
  const isPhone = useMediaQuery('(max-width: 48em)');
  const vendors = useConsoleVendors();
  const type = (gameTypes as readonly string[]).includes(list.filters.type)
    ? (list.filters.type as GameType)
    : null;
  const query = useConsoleGames({
    merchantCode,
    vassalage: list.filters.vendor || null,
    gameType: type,
    enabled: flagOf(list.filters.enabled),
    hot: flagOf(list.filters.hot),
    q: list.filters.q,
    pageNo: list.pageNo,
    pageSize: list.pageSize,
  });
  const change = useChangeGame();
  const [turningOff, setTurningOff] = useState<ConsoleGame | null>(null);
  const [shown, setShown] = useState<ConsoleGame | null>(null);

  const apply = (next: GameChange, done?: () => void) =>
    change.mutate(next, {
      onSuccess: (game) => {
        setShown((current) => (current?.nodeId === game.nodeId ? game : current));
        done?.();
      },
      onError: (error) => {
        if (!done) notifications.show({ color: 'red', message: errorMessage(error) });
      },
    });
  const setEnabled = (game: ConsoleGame, enabled: boolean) =>
    enabled ? apply({ kind: 'set', game, enabled: true }) : setTurningOff(game);

  const csvColumns: CsvColumn<ConsoleGame>[] = [
    { header: t('games.columns.nodeId'), value: (g) => g.nodeId },
    { header: t('games.columns.code'), value: (g) => g.gameCode },
    { header: t('games.columns.name'), value: (g) => g.name },
    { header: t('games.columns.vendor'), value: (g) => g.vassalage },
    { header: t('games.columns.type'), value: (g) => g.gameType },
    { header: t('games.columns.merchant'), value: (g) => g.merchantCode },
    { header: t('games.columns.enabled'), value: (g) => g.enabled },
    { header: t('games.columns.hot'), value: (g) => g.hot },
    { header: t('games.columns.sort'), value: (g) => g.sort },
    { header: t('games.columns.lobby'), value: (g) => t(`games.lobby.${g.lobby}`) },
  ];

  const controls = (game: ConsoleGame) => ({
    enabled: (
      <Switch
        checked={game.enabled}
        disabled={game.lobby === 'withdrawn'}
        onChange={(event) => setEnabled(game, event.currentTarget.checked)}
        aria-label={t('games.enabledLabel', { name: game.name })}
        label={isPhone ? t('games.columns.enabled') : undefined}
      />
    ),
    hot: (
      <Switch
        checked={game.hot}
        onChange={(event) => apply({ kind: 'set', game, hot: event.currentTarget.checked })}
        aria-label={t('games.hotLabel', { name: game.name })}
        label={isPhone ? t('games.columns.hot') : undefined}
      />
    ),
    order: <GameOrder game={game} onChange={apply} />,
    details: (
      <Button
        size="xs"
        variant="default"
        onClick={() => setShown(game)}
        aria-label={t('games.open', { name: game.name })}
      >
        {t('common.details')}
      </Button>
    ),
  });

  return (
    <>
      <PagedList
        query={query}
        pageNo={list.pageNo}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        emptyText={t('games.empty')}
        csv={{ fileName: `games-${merchantCode}-page-${list.pageNo}.csv`, columns: csvColumns }}
        toolbar={
          <>
            {isFixed ? null : (
              <Select
                label={t('games.merchant')}
                w={170}
                allowDeselect={false}
                value={merchantCode}
                onChange={(value) => list.setFilters({ merchant: value })}
                data={operatorMerchantCodes.map((code) => ({
                  value: code,
                  label: `${t(`merchants.${code}`)} (${code})`,
                }))}
              />
            )}
            <Select
              label={t('games.vendor')}
              w={170}
              allowDeselect={false}
              value={list.filters.vendor || everything}
              onChange={(value) => list.setFilters({ vendor: value === everything ? null : value })}
              data={[
                { value: everything, label: t('games.allVendors') },
                ...(vendors.data ?? []).map((v) => ({ value: v.vassalage, label: v.name })),
              ]}
            />
            <Select
              label={t('games.type')}
              w={150}
              allowDeselect={false}
              value={type ?? everything}
              onChange={(value) => list.setFilters({ type: value === everything ? null : value })}
              data={[
                { value: everything, label: t('games.allTypes') },
                ...gameTypes.map((value) => ({ value, label: value })),
              ]}
            />
            <Select
              label={t('games.state')}
              w={130}
              allowDeselect={false}
              value={list.filters.enabled || everything}
              onChange={(value) => list.setFilters({ enabled: value === everything ? null : value })}
              data={[
                { value: everything, label: t('games.anyState') },
                { value: 'true', label: t('games.on') },
                { value: 'false', label: t('games.off') },
              ]}
            />
            <Select
              label={t('games.columns.hot')}
              w={130}
              allowDeselect={false}
              value={list.filters.hot || everything}
              onChange={(value) => list.setFilters({ hot: value === everything ? null : value })}
              data={[
                { value: everything, label: t('games.anyState') },
                { value: 'true', label: t('games.hotOnly') },
                { value: 'false', label: t('games.notHot') },
              ]}
            />
            <GameSearch q={list.filters.q} onSearch={(q) => list.setFilters({ q: q || null })} />
          </>
        }
      >
        {(rows) =>
          isPhone ? (
            <Stack gap="sm">
              {rows.map((game) => {
                const c = controls(game);
                return (
                  <Card key={game.nodeId} withBorder padding="sm" component="article" aria-label={game.name}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                        {game.name}
                      </Text>
                      <LobbyBadge game={game} />
                    </Group>
                    <Text size="sm" c="dimmed" mb="xs">
                      {game.vendorName} · {game.gameType} · {game.gameCode}
                    </Text>
                    <Group gap="md" mb="xs">
                      {c.enabled}
                      {c.hot}
                    </Group>
                    <Group justify="space-between" gap="xs">
                      {c.order}
                      {c.details}
                    </Group>
                  </Card>
                );
              })}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={960}>
              <Table striped highlightOnHover verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('games.columns.name')}</Table.Th>
                    <Table.Th>{t('games.columns.vendor')}</Table.Th>
                    <Table.Th>{t('games.columns.lobby')}</Table.Th>
                    <Table.Th>{t('games.columns.enabled')}</Table.Th>
                    <Table.Th>{t('games.columns.hot')}</Table.Th>
                    <Table.Th>{t('games.columns.sort')}</Table.Th>
                    <Table.Th>{t('common.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((game) => {
                    const c = controls(game);
                    return (
                      <Table.Tr key={game.nodeId}>
                        <Table.Td>
                          <Text fw={600} size="sm">
                            {game.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {game.gameCode} · #{game.nodeId}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{game.vendorName}</Text>
                          <Text size="xs" c="dimmed">
                            {game.gameType}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <LobbyBadge game={game} />
                        </Table.Td>
                        <Table.Td>{c.enabled}</Table.Td>
                        <Table.Td>{c.hot}</Table.Td>
                        <Table.Td>{c.order}</Table.Td>
                        <Table.Td>{c.details}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </PagedList>

      <ConfirmDialog
        opened={turningOff !== null}
        title={t('games.offTitle', { name: turningOff?.name ?? '' })}
        text={t('games.offText', { merchant: t(`merchants.${merchantCode}`) })}
        confirmLabel={t('games.offConfirm')}
        pending={change.isPending}
        error={turningOff && change.isError ? change.error : null}
        onClose={() => {
          change.reset();
          setTurningOff(null);
        }}
        onConfirm={() => {
          if (!turningOff) return;
          apply({ kind: 'set', game: turningOff, enabled: false }, () => {
            notifications.show({ message: t('games.turnedOff', { name: turningOff.name }) });
            setTurningOff(null);
          });
        }}
      />
      <GameDrawer game={shown} onClose={() => setShown(null)} onSetEnabled={setEnabled} />
    </>
  );
}

function LobbyBadge({ game }: { game: ConsoleGame }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={lobbyColors[game.lobby]} variant="light" style={{ flex: 'none' }}>
        {t(`games.lobby.${game.lobby}`)}
      </Badge>
      {game.maintenance ? (
        <Badge color="orange" variant="outline">
          {t('games.maintenance')}
        </Badge>
      ) : null}
    </Group>
  );
}

/** The game's place: a number saved on Enter or when leaving the field, or one step up or down. */
function GameOrder({ game, onChange }: { game: ConsoleGame; onChange: (change: GameChange) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | number>(game.sort);
  useEffect(() => setValue(game.sort), [game.sort]);
  const commit = () => {
    const sort = typeof value === 'number' ? value : Number.parseInt(value, 10);
    if (!Number.isInteger(sort) || sort < 0 || sort > GAME_SORT_MAX) {
      setValue(game.sort);
      return;
    }
    if (sort !== game.sort) onChange({ kind: 'set', game, sort });
  };
  return (
    <Group gap={4} wrap="nowrap">
      <NumberInput
        size="xs"
        w={84}
        min={0}
        max={GAME_SORT_MAX}
        allowDecimal={false}
        allowNegative={false}
        value={value}
        onChange={setValue}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        aria-label={t('games.sortLabel', { name: game.name })}
      />
      <ActionIcon
        variant="default"
        onClick={() => onChange({ kind: 'move', game, direction: 'up' })}
        aria-label={t('games.moveUp', { name: game.name })}
      >
        <span aria-hidden="true">↑</span>
      </ActionIcon>
      <ActionIcon
        variant="default"
        onClick={() => onChange({ kind: 'move', game, direction: 'down' })}
        aria-label={t('games.moveDown', { name: game.name })}
      >
        <span aria-hidden="true">↓</span>
      </ActionIcon>
    </Group>
  );
}

/** The search box: applied on Enter or the button. */
function GameSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search>
      <form
        onSubmit={submit}
        style={{ display: 'flex', gap: 'var(--mantine-spacing-xs)', alignItems: 'flex-end' }}
      >
        <TextInput
          type="search"
          label={t('games.search')}
          placeholder={t('games.searchPlaceholder')}
          w={200}
          maxLength={64}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Button type="submit" variant="light">
          {t('games.searchSubmit')}
        </Button>
      </form>
    </search>
  );
}

/** One game in full for the merchant, with what its lobby state means. */
function GameDrawer({
  game,
  onClose,
  onSetEnabled,
}: {
  game: ConsoleGame | null;
  onClose: () => void;
  onSetEnabled: (game: ConsoleGame, enabled: boolean) => void;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const facts: Fact[] = game
    ? [
        { label: t('games.columns.code'), value: game.gameCode },
        { label: t('games.columns.nodeId'), value: String(game.nodeId) },
        { label: t('games.columns.vendor'), value: `${game.vendorName} (${game.vassalage})` },
        { label: t('games.columns.type'), value: game.gameType },
        { label: t('games.columns.merchant'), value: t(`merchants.${game.merchantCode}`) },
        { label: t('games.columns.lobby'), value: t(`games.lobbyText.${game.lobby}`) },
        { label: t('games.columns.enabled'), value: game.enabled ? t('common.yes') : t('common.no') },
        { label: t('games.columns.hot'), value: game.hot ? t('common.yes') : t('common.no') },
        { label: t('games.columns.sort'), value: String(game.sort) },
      ]
    : [];
  return (
    <Drawer
      opened={game !== null}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'md'}
      title={game?.name ?? ''}
    >
      {game ? (
        <Stack gap="md">
          <Image src={game.iconUrl} alt="" w={96} h={96} fit="contain" radius="md" />
          {game.maintenance ? <Text size="sm">{t('games.maintenanceText')}</Text> : null}
          <Facts facts={facts} />
          {game.lobby === 'withdrawn' ? null : (
            <Button
              variant={game.enabled ? 'light' : 'filled'}
              color={game.enabled ? 'red' : 'green'}
              onClick={() => onSetEnabled(game, !game.enabled)}
            >
              {game.enabled ? t('games.turnOff') : t('games.turnOn')}
            </Button>
          )}
        </Stack>
      ) : null}
    </Drawer>
  );
}
