import { AppShell, Badge, Box, Burger, Button, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { ColorSchemeToggle } from '../components/color-scheme-toggle';
import { LanguageSwitch } from '../components/language-switch';
import { useSignOut } from '../features/auth/api/session';
import { errorMessage } from '../lib/api';
import { useSignedInOperator } from '../lib/operator-context';
import { hasDashboard, screensFor } from './console-screens';

function OperatorBadge() {
  const { t } = useTranslation();
  const operator = useSignedInOperator();
  return (
    <Stack gap={2} aria-label={t('header.signedInAs', { username: operator.username })}>
      <Text size="sm" fw={600} lh={1.2}>
        {operator.username}
      </Text>
      <Text size="xs" c="dimmed" lh={1.2}>
        {operator.roles.map((role) => t(`roles.${role}`)).join(', ')}
      </Text>
    </Stack>
  );
}

/** The signed-in console: header, the menu of the screens the operator may open, the page. */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const operator = useSignedInOperator();
  const location = useLocation();
  const [isMenuOpen, menu] = useDisclosure(false);
  const signOut = useSignOut();
  const links = [
    { path: '/', label: hasDashboard(operator.permissions) ? t('nav.dashboard') : t('nav.home') },
    ...screensFor(operator.permissions).map((s) => ({ path: s.path, label: t(s.label) })),
  ];
  const isActive = (path: string) =>
    path === '/'
      ? location.pathname === '/'
      : location.pathname === path || location.pathname.startsWith(`${path}/`);

  const onSignOut = () =>
    signOut.mutate(undefined, {
      onError: (error) =>
        notifications.show({ color: 'red', title: t('header.signOutFailed'), message: errorMessage(error) }),
    });

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !isMenuOpen } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={isMenuOpen}
              onClick={menu.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={isMenuOpen ? t('header.closeMenu') : t('header.openMenu')}
            />
            <Text fw={700} c="inherit" td="none" component={Link} to="/" style={{ whiteSpace: 'nowrap' }}>
              {t('brand')}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Box visibleFrom="md">
              <OperatorBadge />
            </Box>
            <LanguageSwitch />
            <ColorSchemeToggle />
            <Button variant="default" size="xs" onClick={onSignOut} loading={signOut.isPending}>
              {t('header.signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <AppShell.Section grow component={ScrollArea}>
          <nav aria-label={t('nav.main')}>
            {links.map((link) => (
              <NavLink
                key={link.path}
                component={Link}
                to={link.path}
                label={link.label}
                active={isActive(link.path)}
                aria-current={isActive(link.path) ? 'page' : undefined}
                onClick={menu.close}
              />
            ))}
          </nav>
        </AppShell.Section>
        <AppShell.Section
          hiddenFrom="md"
          pt="sm"
          style={{ borderTop: '1px solid var(--app-shell-border-color)' }}
        >
          <OperatorBadge />
          {operator.merchantCode ? (
            <Badge mt="xs" variant="light">
              {t(`merchants.${operator.merchantCode}`)}
            </Badge>
          ) : null}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
