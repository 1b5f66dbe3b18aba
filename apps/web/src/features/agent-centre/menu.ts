import type { ConsolidatedInfo } from '@sorte/shared/contracts/agent-contracts';
import type { IconName } from '../../components/ui/icon';

/** The contract kinds with a page of their own, by the route segment that opens it. */
export const contractPages = {
  dividend: 'dividend',
  dailySalary: 'dailySalary',
  hourlySalary: 'hourlySalary',
  realtimeSalary: 'realtimeSalary',
} as const;
export type ContractPageKind = keyof typeof contractPages;

export type AgentMenuItem = {
  /** The route segment under /agentHome, also the text key agent:menu.<id>. */
  id: string;
  icon: IconName;
};

/** Spec section 2's left menu, in its order. */
const baseItems: AgentMenuItem[] = [
  { id: 'deposit', icon: 'deposit' },
  { id: 'withdraw', icon: 'withdraw' },
  { id: 'announcements', icon: 'PROMOTIONS' },
  { id: 'overview', icon: 'HOME' },
  { id: 'register', icon: 'invite' },
  { id: 'links', icon: 'globe' },
  { id: 'team', icon: 'handshake' },
  { id: 'betting', icon: 'bettingRecord' },
  { id: 'profitLoss', icon: 'profitLoss' },
  { id: 'income', icon: 'star' },
  { id: 'transactions', icon: 'accountRecord' },
];

const tailItems: AgentMenuItem[] = [
  { id: 'messages', icon: 'messages' },
  { id: 'customerService', icon: 'headset' },
];

/** The consolidated info's flag for each contract kind: 1 active, 2 offered, 0 none (section 3). */
export const contractFlag = (info: ConsolidatedInfo, kind: ContractPageKind): number =>
  ({
    dividend: info.dividend,
    dailySalary: info.dailysalreqtype,
    hourlySalary: info.contracthoursalreq,
    realtimeSalary: info.realtimesalreqtype,
  })[kind];

/**
 * The menu: bonus/dividend and the salaries only when the consolidated info enables them (an active
 * contract, or an offer waiting for an answer); before it has loaded, without them.
 */
export function agentMenu(info: ConsolidatedInfo | undefined): AgentMenuItem[] {
  const kinds = (Object.keys(contractPages) as ContractPageKind[]).filter(
    (kind) => info !== undefined && contractFlag(info, kind) > 0,
  );
  return [...baseItems, ...kinds.map((kind) => ({ id: kind, icon: 'BONUS' as IconName })), ...tailItems];
}

/** The menu item a path under /agentHome belongs to ('' and unknown segments: the overview). */
export function activeItemOf(pathname: string): string {
  const segment = pathname.replace(/^\/agentHome\/?/, '').split('/')[0] ?? '';
  return segment || 'overview';
}
