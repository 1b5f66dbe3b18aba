/**
 * The member centre's pages (spec section 2, member centre menu, with the page switcher's names
 * for the routes: depositv2 → deposit, personalHistoryCopy, transactionHistory, personalProfit).
 */
export const memberCentrePaths = {
  home: '/member',
  security: '/member/security',
  walletTransfer: '/member/walletTransfer',
  deposit: '/member/deposit',
  withdraw: '/member/withdraw',
  transferToUpline: '/member/transferToUpline',
  bettingRecord: '/member/personalHistoryCopy',
  accountRecord: '/member/transactionHistory',
  profitLoss: '/member/personalProfit',
  bonus: '/member/bonus',
  messages: '/member/messages',
  favorites: '/member/favorite',
  recent: '/member/recent',
  withdrawal: (id: string) => `/member/withdrawals/${id}`,
} as const;

export type MemberMenuKey =
  | 'security'
  | 'walletTransfer'
  | 'deposit'
  | 'withdraw'
  | 'transferToUpline'
  | 'bettingRecord'
  | 'accountRecord'
  | 'profitLoss'
  | 'bonus'
  | 'messages'
  | 'favorites'
  | 'recent';

export type MemberMenuEntry = {
  key: MemberMenuKey;
  to: string;
  group: 'money' | 'games' | 'records' | 'account';
};

/**
 * In the spec's order, grouped: money first (what most visits are for), then the member's own games
 * (favourites, recently played), records, and account.
 */
export const memberMenu: readonly MemberMenuEntry[] = [
  { key: 'deposit', to: memberCentrePaths.deposit, group: 'money' },
  { key: 'withdraw', to: memberCentrePaths.withdraw, group: 'money' },
  { key: 'walletTransfer', to: memberCentrePaths.walletTransfer, group: 'money' },
  { key: 'transferToUpline', to: memberCentrePaths.transferToUpline, group: 'money' },
  { key: 'favorites', to: memberCentrePaths.favorites, group: 'games' },
  { key: 'recent', to: memberCentrePaths.recent, group: 'games' },
  { key: 'bettingRecord', to: memberCentrePaths.bettingRecord, group: 'records' },
  { key: 'accountRecord', to: memberCentrePaths.accountRecord, group: 'records' },
  { key: 'profitLoss', to: memberCentrePaths.profitLoss, group: 'records' },
  { key: 'bonus', to: memberCentrePaths.bonus, group: 'records' },
  { key: 'messages', to: memberCentrePaths.messages, group: 'account' },
  { key: 'security', to: memberCentrePaths.security, group: 'account' },
];

/** The menu a member sees: wallet transfer only when the merchant keeps wallets per vendor. */
export function visibleMemberMenu(options: { isSingleWallet: boolean | undefined }): MemberMenuEntry[] {
  return memberMenu.filter((entry) => entry.key !== 'walletTransfer' || options.isSingleWallet === false);
}
