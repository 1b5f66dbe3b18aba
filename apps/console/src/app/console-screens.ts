import type { OperatorPermission } from '@sorte/shared/contracts/console';

export type ConsoleScreen = {
  path: string;
  /** Key of the menu label. */
  label:
    | 'nav.players'
    | 'nav.adjustments'
    | 'nav.withdrawals'
    | 'nav.deposits'
    | 'nav.reports'
    | 'nav.banners'
    | 'nav.notices'
    | 'nav.promotions'
    | 'nav.helpCentre'
    | 'nav.maintenanceTexts'
    | 'nav.games'
    | 'nav.settings'
    | 'nav.channels'
    | 'nav.operators'
    | 'nav.audit';
  permission: OperatorPermission;
  /** Key of the menu group it is listed under (one entry that opens), so the menu stays short on a phone. */
  group?: 'nav.content';
};

/**
 * The console's screens and the permission each needs, in menu order. Only built screens are listed.
 * The dashboard is the home address itself for operators with reports.read (see homeScreenFor).
 */
export const consoleScreens: readonly ConsoleScreen[] = [
  { path: '/players', label: 'nav.players', permission: 'players.read' },
  { path: '/adjustments', label: 'nav.adjustments', permission: 'players.adjust' },
  { path: '/withdrawals', label: 'nav.withdrawals', permission: 'withdrawals.read' },
  { path: '/deposits', label: 'nav.deposits', permission: 'deposits.read' },
  { path: '/reports', label: 'nav.reports', permission: 'reports.read' },
  { path: '/banners', label: 'nav.banners', permission: 'content.write', group: 'nav.content' },
  { path: '/notices', label: 'nav.notices', permission: 'content.write', group: 'nav.content' },
  { path: '/promotions', label: 'nav.promotions', permission: 'content.write', group: 'nav.content' },
  { path: '/help-centre', label: 'nav.helpCentre', permission: 'content.write', group: 'nav.content' },
  {
    path: '/maintenance-texts',
    label: 'nav.maintenanceTexts',
    permission: 'content.write',
    group: 'nav.content',
  },
  { path: '/games', label: 'nav.games', permission: 'vendors.manage' },
  { path: '/settings', label: 'nav.settings', permission: 'settings.write' },
  { path: '/channels', label: 'nav.channels', permission: 'channels.write' },
  { path: '/operators', label: 'nav.operators', permission: 'operators.manage' },
  { path: '/audit', label: 'nav.audit', permission: 'audit.read' },
];

export const screensFor = (permissions: readonly OperatorPermission[]) =>
  consoleScreens.filter((screen) => permissions.includes(screen.permission));

/** The home address shows the dashboard to operators who may read the reports, else a welcome. */
export const hasDashboard = (permissions: readonly OperatorPermission[]) =>
  permissions.includes('reports.read');
