import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PlayerNotesTab } from './player-notes';
import { PlayerPaymentsTab } from './player-payments';
import { PlayerRoundsTab } from './player-rounds';
import { PlayerStatementTab } from './player-statement';

const tabNames = ['profile', 'statement', 'rounds', 'payments', 'notes'] as const;
type TabName = (typeof tabNames)[number];
const isTabName = (value: string | null): value is TabName =>
  (tabNames as readonly (string | null)[]).includes(value);

/**
 * The player's page below the balances: the profile (with sessions and addresses), then a tab per
 * record. The open tab is in the address (?tab=rounds), so a link or a reload opens it again; a
 * tab's list loads only when it is opened.
 */
export function PlayerTabs({
  memberId,
  currency,
  profile,
  canWriteNotes,
}: {
  memberId: string;
  currency: string;
  profile: ReactNode;
  canWriteNotes: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: TabName = isTabName(requested) ? requested : 'profile';
  const open = (value: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (!value || value === 'profile') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <Tabs value={tab} onChange={open} keepMounted={false}>
      <Tabs.List aria-label={t('playerTabs.tabsLabel')} mb="md" style={{ flexWrap: 'wrap' }}>
        {tabNames.map((name) => (
          <Tabs.Tab key={name} value={name}>
            {t(`playerTabs.tabs.${name}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="profile">{profile}</Tabs.Panel>
      <Tabs.Panel value="statement">
        <PlayerStatementTab memberId={memberId} currency={currency} />
      </Tabs.Panel>
      <Tabs.Panel value="rounds">
        <PlayerRoundsTab memberId={memberId} currency={currency} />
      </Tabs.Panel>
      <Tabs.Panel value="payments">
        <PlayerPaymentsTab memberId={memberId} />
      </Tabs.Panel>
      <Tabs.Panel value="notes">
        <PlayerNotesTab memberId={memberId} canWrite={canWriteNotes} />
      </Tabs.Panel>
    </Tabs>
  );
}
