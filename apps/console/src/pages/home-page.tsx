import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasDashboard, screensFor } from '../app/console-screens';
import { ListSkeleton } from '../components/list-states';
import { hasPermission, useSignedInOperator } from '../lib/operator-context';

const DashboardPage = lazy(async () => ({ default: (await import('./dashboard-page')).DashboardPage }));

/** The console's home: the dashboard for operators who may read the reports, else a welcome. */
export function HomePage() {
  const operator = useSignedInOperator();
  if (!hasDashboard(operator.permissions)) return <WelcomePage />;
  return (
    <Suspense fallback={<ListSkeleton rows={6} />}>
      <DashboardPage />
    </Suspense>
  );
}

/** A welcome with the operator's roles and the screens they may open. */
function WelcomePage() {
  const { t } = useTranslation();
  const operator = useSignedInOperator();
  const screens = screensFor(operator.permissions);
  const describe = (path: string) => {
    if (path === '/withdrawals')
      return hasPermission(operator, 'withdrawals.decide')
        ? t('home.withdrawalsDecideText')
        : t('home.withdrawalsText');
    if (path === '/deposits')
      return hasPermission(operator, 'deposits.decide')
        ? t('home.depositsDecideText')
        : t('home.depositsText');
    if (path === '/players')
      return hasPermission(operator, 'players.block') ? t('home.playersBlockText') : t('home.playersText');
    if (path === '/adjustments') return t('home.adjustmentsText');
    if (path === '/reports') return t('home.reportsText');
    if (path === '/operators') return t('home.operatorsText');
    if (path === '/banners') return t('home.bannersText');
    if (path === '/notices') return t('home.noticesText');
    if (path === '/promotions') return t('home.promotionsText');
    if (path === '/help-centre') return t('home.helpCentreText');
    if (path === '/maintenance-texts') return t('home.maintenanceTextsText');
    if (path === '/games') return t('home.gamesText');
    if (path === '/settings') return t('home.settingsText');
    if (path === '/channels') return t('home.channelsText');
    return t('home.auditText');
  };

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} size="h2">
        {t('home.title', { username: operator.username })}
      </Title>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('home.roles')}:
        </Text>
        {operator.roles.map((role) => (
          <Badge key={role} variant="light">
            {t(`roles.${role}`)}
          </Badge>
        ))}
      </Group>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('home.scope')}:
        </Text>
        <Text size="sm">
          {operator.merchantCode ? t(`merchants.${operator.merchantCode}`) : t('common.allMerchants')}
        </Text>
      </Group>
      <Title order={2} size="h4">
        {t('home.screens')}
      </Title>
      {screens.length === 0 ? (
        <Text>{t('home.noScreens')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {screens.map((screen) => (
            <Card key={screen.path} withBorder component={Link} to={screen.path} padding="lg">
              <Text fw={600}>{t(screen.label)}</Text>
              <Text size="sm" c="dimmed" mt={4}>
                {describe(screen.path)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
