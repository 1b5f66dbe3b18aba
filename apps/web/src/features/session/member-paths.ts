/**
 * Member pages of the account menu (spec section 2, page switcher). The pages come with their
 * features; the menu links to where they will live.
 */
export const memberPaths = {
  deposit: '/member/deposit',
  withdraw: '/member/withdraw',
  bettingRecord: '/member/personalHistoryCopy',
  accountRecord: '/member/transactionHistory',
  profitLoss: '/member/personalProfit',
  rewardCenter: '/member/reward-center',
  myAccount: '/member/security',
  messages: '/member/messages',
  agentCenter: '/agentHome',
} as const;
