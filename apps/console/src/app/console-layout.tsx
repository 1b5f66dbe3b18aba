import {
  AppShell,
  Badge,
  Box,
  Burger,
  Button,
  Collapse,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { ColorSchemeToggle } from '../components/color-scheme-toggle';
import { LanguageSwitch } from '../components/language-switch';
import { useSignOut } from '../features/auth/api/session';
import { errorMessage } from '../lib/api';
import { useSignedInOperator } from '../lib/operator-context';
import { type ConsoleScreen, hasDashboard, screensFor } from './console-screens';

type MenuLink = { path: string; label: string };
/** A menu entry: a screen, or a group of screens listed under one entry that opens and closes. */
type MenuEntry = MenuLink | { group: NonNullable<ConsoleScreen['group']>; links: MenuLink[] };

/** Screens in menu order, each group's screens gathered where its first one stands. */
function menuOf(screens: readonly ConsoleScreen[], label: (screen: ConsoleScreen) => string): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const screen of screens) {
    const link = { path: screen.path, label: label(screen) };
    if (!screen.group) {
      entries.push(link);
      continue;
    }
    const group = entries.find((entry) => 'group' in entry && entry.group === screen.group);
    if (group && 'links' in group) group.links.push(link);
    else entries.push({ group: screen.group, links: [link] });
  }
  return entries;
}

/**
 * A group of the menu: open while one of its screens is shown, or when it holds every screen the
 * operator has; otherwise one line until opened.
 */
function MenuGroup({
  label,
  links,
  isOpenAtFirst,
  isActive,
  onNavigate,
}: {
  label: string;
  links: MenuLink[];
  isOpenAtFirst: boolean;
  isActive: (path: string) => boolean;
  onNavigate: () => void;
}) {
  const id = useId();
  const hasActive = links.some((link) => isActive(link.path));
  const [choice, setChoice] = useState<boolean | null>(null);
  const isOpen = choice ?? (hasActive || isOpenAtFirst);
  return (
    <>
      <NavLink
        component="button"
        type="button"
        label={label}
        active={hasActive && !isOpen}
        aria-expanded={isOpen}
        aria-controls={id}
        rightSection={
          <Text
            component="span"
            aria-hidden="true"
            size="xs"
            style={{ transform: isOpen ? 'rotate(90deg)' : undefined }}
          >
            ▸
          </Text>
        }
        onClick={() => setChoice(!isOpen)}
      />
      <Collapse expanded={isOpen} id={id}>
        {links.map((link) => (
          <NavLink
            key={link.path}
            component={Link}
            to={link.path}
            label={link.label}
            pl="xl"
            active={isActive(link.path)}
            aria-current={isActive(link.path) ? 'page' : undefined}
            onClick={onNavigate}
          />
        ))}
      </Collapse>
    </>
  );
}

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
  const [isMenuOpen, drawer] = useDisclosure(false);
  const signOut = useSignOut();
  const screens = screensFor(operator.permissions);
  const menu: MenuEntry[] = [
    { path: '/', label: hasDashboard(operator.permissions) ? t('nav.dashboard') : t('nav.home') },
    ...menuOf(screens, (screen) => t(screen.label)),
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
              onClick={drawer.toggle}
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
            {menu.map((entry) =>
              'group' in entry ? (
                <MenuGroup
                  key={entry.group}
                  label={t(entry.group)}
                  links={entry.links}
                  isOpenAtFirst={entry.links.length === screens.length}
                  isActive={isActive}
                  onNavigate={drawer.close}
                />
              ) : (
                <NavLink
                  key={entry.path}
                  component={Link}
                  to={entry.path}
                  label={entry.label}
                  active={isActive(entry.path)}
                  aria-current={isActive(entry.path) ? 'page' : undefined}
                  onClick={drawer.close}
                />
              ),
            )}
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
