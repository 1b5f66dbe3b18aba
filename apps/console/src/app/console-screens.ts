import type { OperatorPermission } from '@sorte/shared/contracts/console';

export type ConsoleScreen = {
  path: string;
  /** Key of the menu label. */
  label: 'nav.withdrawals' | 'nav.operators' | 'nav.audit';
  permission: OperatorPermission;
};

/** The console's screens and the permission each needs. Only built screens are listed. */
export const consoleScreens: readonly ConsoleScreen[] = [
  { path: '/withdrawals', label: 'nav.withdrawals', permission: 'withdrawals.read' },
  { path: '/operators', label: 'nav.operators', permission: 'operators.manage' },
  { path: '/audit', label: 'nav.audit', permission: 'audit.read' },
];

export const screensFor = (permissions: readonly OperatorPermission[]) =>
  consoleScreens.filter((screen) => permissions.includes(screen.permission));
