/**
 * Member pages of the account menu (spec section 2, page switcher). The pages come with their
 * features; the menu links to where they will live.
 */
export const memberPaths = {
  deposit: '/member/deposit',
  withdraw: '/member/withdraw',
  bettingRecord: '/member/betting-record',
  accountRecord: '/member/account-record',
  profitLoss: '/member/profit-loss',
  rewardCenter: '/member/reward-center',
  myAccount: '/member/security',
  agentCenter: '/agentHome',
} as const;
