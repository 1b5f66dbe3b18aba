import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GameList } from '../features/games/components/game-list';
import { VendorList } from '../features/games/components/vendor-list';
import { VendorMenu } from '../features/games/components/vendor-menu';
import { WalletSecrets } from '../features/games/components/wallet-secrets';

const tabs = ['games', 'vendors', 'menu', 'secrets'] as const;
type Tab = (typeof tabs)[number];
const isTab = (value: string | null): value is Tab => tabs.includes(value as Tab);

/** Games and vendors: a tab each for the games, the vendors, the menu, and secrets with retention. */
export function GamesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = isTab(search.get('tab')) ? (search.get('tab') as Tab) : 'games';
  // Another tab starts without the games list's filters and page.
  const choose = (value: string | null) =>
    setSearch(value && value !== 'games' ? { tab: value } : {}, { replace: false });
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('games.title')}
      </Title>
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`games.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="games">
          <GameList />
        </Tabs.Panel>
        <Tabs.Panel value="vendors">
          <VendorList />
        </Tabs.Panel>
        <Tabs.Panel value="menu">
          <VendorMenu />
        </Tabs.Panel>
        <Tabs.Panel value="secrets">
          <WalletSecrets />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
