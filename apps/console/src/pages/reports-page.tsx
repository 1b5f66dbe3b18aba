import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ChannelReportView } from '../features/reports/components/channel-report';
import { CohortReportView } from '../features/reports/components/cohort-report';
import { DailyReportView } from '../features/reports/components/daily-report';
import { GameReportView } from '../features/reports/components/game-report';
import { useSignedInOperator } from '../lib/operator-context';

const reportTabs = ['daily', 'games', 'channels', 'cohorts'] as const;
type ReportTab = (typeof reportTabs)[number];
const isReportTab = (value: string | null): value is ReportTab =>
  (reportTabs as readonly (string | null)[]).includes(value);

/**
 * The reports, a tab each (kept in the address with the range, which the tabs share): by day, by
 * vendor or game, by payment channel, player cohorts. Only the open tab asks the server.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const operator = useSignedInOperator();
  const merchantLocked = operator.merchantCode !== null;
  const [search, setSearch] = useSearchParams();
  const tab = isReportTab(search.get('tab')) ? (search.get('tab') as ReportTab) : 'daily';
  const open = (value: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === 'daily') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: false },
    );

  return (
    <Stack gap="md" style={{ minWidth: 0 }}>
      <Title order={1} size="h2">
        {t('reports.title')}
      </Title>
      <Text size="sm" c="dimmed" maw={760}>
        {t(`reports.intros.${tab}`)}
      </Text>
      <Tabs value={tab} onChange={open} keepMounted={false}>
        <Tabs.List mb="md">
          {reportTabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`reports.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="daily">
          <DailyReportView merchantLocked={merchantLocked} />
        </Tabs.Panel>
        <Tabs.Panel value="games">
          <GameReportView merchantLocked={merchantLocked} />
        </Tabs.Panel>
        <Tabs.Panel value="channels">
          <ChannelReportView merchantLocked={merchantLocked} />
        </Tabs.Panel>
        <Tabs.Panel value="cohorts">
          <CohortReportView merchantLocked={merchantLocked} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
