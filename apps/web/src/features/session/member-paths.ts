/**
 * Member pages of the account menu (spec section 2, page switcher). Only pages that exist: an entry
 * is added with its feature (the reward centre has none yet), never ahead of it
 * (app/menu-links.test.tsx checks each against the router).
 */
export const memberPaths = {
  deposit: '/member/deposit',
  withdraw: '/member/withdraw',
  bettingRecord: '/member/personalHistoryCopy',
  accountRecord: '/member/transactionHistory',
  profitLoss: '/member/personalProfit',
  myAccount: '/member/security',
  messages: '/member/messages',
  agentCenter: '/agentHome',
} as const;
