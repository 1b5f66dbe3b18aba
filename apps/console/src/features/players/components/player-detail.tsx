import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { operatorMerchantCodes, type PlayerDetail as Player } from '@sorte/shared/contracts/console';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Fact, Facts } from '../../../components/facts';
import { ListError } from '../../../components/list-states';
import { errorMessage } from '../../../lib/api';
import { formatDateTime, formatMinor } from '../../../lib/format';
import { usePlayer } from '../api/players';
import { ChangeUplineModal } from './change-upline-modal';
import { PlayerActionModal, type PlayerActionName } from './player-action-modals';
import { PlayerStatusBadge, playerTypeKey } from './player-badges';
import { PlayerTabs } from './player-tabs';
import { ResetPasswordModal } from './reset-password-modal';

type PlayerPermissions = {
  /** players.block: block, unblock, end sessions, send a password reset. */
  canBlock: boolean;
  /** players.notes: add notes (everyone who sees the player reads them). */
  canWriteNotes: boolean;
  /** agents.manage: move the player under another agent. */
  canChangeUpline: boolean;
};

type PlayerDetailProps = PlayerPermissions & {
  memberId: string;
  /** More actions beside those (the page adds the balance adjustment). */
  extraActions?: (player: Player) => ReactNode;
};

/**
 * One player: profile, balances, block state, latest sessions and known addresses, and tabs with
 * the ledger statement, rounds, deposits and withdrawals, and notes.
 */
export function PlayerDetail({ memberId, extraActions, ...permissions }: PlayerDetailProps) {
  const { t } = useTranslation();
  const player = usePlayer(memberId);

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/players" size="sm">
        ← {t('players.backToList')}
      </Anchor>
      {player.isPending ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={36} width="40%" />
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {Array.from({ length: 4 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
              <Skeleton key={index} height={72} />
            ))}
          </SimpleGrid>
          <Skeleton height={240} />
        </Stack>
      ) : player.isError ? (
        <ListError
          title={t('players.loadFailed')}
          message={errorMessage(player.error)}
          onRetry={() => void player.refetch()}
        />
      ) : (
        <PlayerProfile player={player.data} extraActions={extraActions} {...permissions} />
      )}
    </Stack>
  );
}

function PlayerProfile({
  player,
  canBlock,
  canWriteNotes,
  canChangeUpline,
  extraActions,
}: PlayerPermissions & {
  player: Player;
  extraActions?: (player: Player) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [action, setAction] = useState<PlayerActionName | null>(null);
  const [dialog, setDialog] = useState<'reset-password' | 'upline' | null>(null);
  const money = (minor: number) => formatMinor(minor, player.currency, lang);
  const hasActiveSessions = player.sessions.some((session) => session.active);

  const facts: Fact[] = [
    { label: t('players.detail.id'), value: player.id },
    { label: t('players.detail.username'), value: player.username },
    { label: t('players.detail.nickname'), value: player.nickname ?? t('common.none') },
    {
      label: t('players.detail.merchant'),
      value: isMerchantCode(player.merchantCode)
        ? `${t(`merchants.${player.merchantCode}`)} (${player.merchantCode})`
        : player.merchantCode,
    },
    { label: t('players.detail.type'), value: t(playerTypeKey(player.type)) },
    { label: t('players.detail.mobile'), value: player.mobile ?? t('common.none') },
    { label: t('players.detail.email'), value: player.email ?? t('common.none') },
    { label: t('players.detail.upline'), value: player.uplineUsername ?? t('common.none') },
    { label: t('players.detail.createdAt'), value: formatDateTime(player.createdAt, lang) },
    { label: t('players.detail.registrationIp'), value: player.registrationIp ?? t('common.none') },
    { label: t('players.detail.currency'), value: player.currency },
  ];
  const balances = [
    { label: t('players.balances.cash'), value: player.balances.cash },
    { label: t('players.balances.bonus'), value: player.balances.bonus },
    { label: t('players.balances.locked'), value: player.balances.locked },
    { label: t('players.balances.points'), value: player.balances.points },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {player.username}
          </Title>
          <Group gap="xs">
            <PlayerStatusBadge isBlocked={player.blocked} />
            <Badge variant="outline">{player.merchantCode}</Badge>
            <Badge variant="outline" color="gray">
              {t(playerTypeKey(player.type))}
            </Badge>
          </Group>
        </Stack>
        <Group gap="xs">
          {extraActions?.(player)}
          {canBlock ? (
            <>
              {player.blocked ? (
                <Button color="green" variant="light" onClick={() => setAction('unblock')}>
                  {t('players.unblock')}
                </Button>
              ) : (
                <Button color="red" variant="light" onClick={() => setAction('block')}>
                  {t('players.block')}
                </Button>
              )}
              <Button
                variant="default"
                onClick={() => setAction('end-sessions')}
                disabled={!hasActiveSessions}
                title={hasActiveSessions ? undefined : t('players.noActiveSessions')}
              >
                {t('players.endSessions')}
              </Button>
              <Button variant="default" onClick={() => setDialog('reset-password')}>
                {t('playerTabs.resetPassword.action')}
              </Button>
            </>
          ) : null}
          {canChangeUpline ? (
            <Button variant="default" onClick={() => setDialog('upline')}>
              {t('playerTabs.upline.action')}
            </Button>
          ) : null}
        </Group>
      </Group>

      {player.block ? (
        <Alert color="red" title={t('players.blockedTitle')} role="status">
          <Text size="sm">
            {t('players.blockedBy', { by: player.block.by, at: formatDateTime(player.block.at, lang) })}
          </Text>
          <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600} size="sm">
              {t('players.blockReason')}:
            </Text>{' '}
            {player.block.reason}
          </Text>
        </Alert>
      ) : null}

      <section aria-labelledby="player-balances">
        <Title order={2} size="h4" mb="xs" id="player-balances">
          {t('players.balances.title')}
        </Title>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          {balances.map((balance) => (
            <Card key={balance.label} withBorder padding="sm">
              <Text size="sm" c="dimmed">
                {balance.label}
              </Text>
              <Text
                fw={700}
                size="lg"
                style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
              >
                {money(balance.value)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </section>

      <PlayerTabs
        memberId={player.id}
        currency={player.currency}
        canWriteNotes={canWriteNotes}
        profile={
          <Stack gap="lg">
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, lg: 6 }}>
                <section aria-labelledby="player-profile">
                  <Title order={2} size="h4" mb="xs" id="player-profile">
                    {t('players.detail.title')}
                  </Title>
                  <Facts facts={facts} />
                </section>
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 6 }}>
                <KnownIps player={player} />
              </Grid.Col>
            </Grid>
            <Sessions player={player} />
          </Stack>
        }
      />

      {canBlock ? (
        <>
          <PlayerActionModal player={player} action={action} onClose={() => setAction(null)} />
          <ResetPasswordModal
            player={player}
            opened={dialog === 'reset-password'}
            onClose={() => setDialog(null)}
          />
        </>
      ) : null}
      {canChangeUpline ? (
        <ChangeUplineModal player={player} opened={dialog === 'upline'} onClose={() => setDialog(null)} />
      ) : null}
    </Stack>
  );
}

type MerchantCode = (typeof operatorMerchantCodes)[number];
const isMerchantCode = (code: string): code is MerchantCode =>
  (operatorMerchantCodes as readonly string[]).includes(code);

function KnownIps({ player }: { player: Player }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <section aria-labelledby="player-ips">
      <Title order={2} size="h4" mb="xs" id="player-ips">
        {t('players.ips.title')}
      </Title>
      {player.knownIps.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('players.ips.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {player.knownIps.map((known) => (
            <Card key={known.ip} withBorder padding="xs">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {known.ip}
                </Text>
                {known.otherPlayers > 0 ? (
                  <Group gap="xs">
                    <Badge color="orange" variant="filled">
                      {t('players.ips.shared', { count: known.otherPlayers })}
                    </Badge>
                    <Anchor
                      component={Link}
                      to={`/players?q=${encodeURIComponent(known.ip)}`}
                      size="sm"
                      aria-label={t('players.ips.showPlayersOf', { ip: known.ip })}
                    >
                      {t('players.ips.showPlayers')}
                    </Anchor>
                  </Group>
                ) : (
                  <Text size="xs" c="dimmed">
                    {t('players.ips.notShared')}
                  </Text>
                )}
              </Group>
              <Text size="xs" c="dimmed" mt={4}>
                {t('players.ips.seen', {
                  first: formatDateTime(known.firstSeenAt, lang),
                  last: formatDateTime(known.lastSeenAt, lang),
                })}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </section>
  );
}

function Sessions({ player }: { player: Player }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <section aria-labelledby="player-sessions">
      <Title order={2} size="h4" mb="xs" id="player-sessions">
        {t('players.sessions.title')}
      </Title>
      {player.sessions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('players.sessions.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('players.sessions.state')}</Table.Th>
                <Table.Th>{t('players.sessions.createdAt')}</Table.Th>
                <Table.Th>{t('players.sessions.lastSeenAt')}</Table.Th>
                <Table.Th>{t('players.sessions.ip')}</Table.Th>
                <Table.Th>{t('players.sessions.device')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {player.sessions.map((session) => (
                <Table.Tr key={`${session.createdAt}:${session.ip}`}>
                  <Table.Td>
                    {session.active ? (
                      <Badge color="green" variant="light">
                        {t('players.sessions.active')}
                      </Badge>
                    ) : (
                      <Badge color="gray" variant="light">
                        {t('players.sessions.ended')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(session.createdAt, lang)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(session.lastSeenAt, lang)}
                  </Table.Td>
                  <Table.Td ff="monospace" fz="xs">
                    {session.ip}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed" lineClamp={2} title={session.userAgent ?? undefined}>
                      {session.userAgent ?? t('common.none')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
