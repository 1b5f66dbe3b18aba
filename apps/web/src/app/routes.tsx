import type { RouteObject } from 'react-router';
import { RouteError } from '../pages/route-error';
import { AppRoot } from './app-root';
import { PlayerLayout } from './layouts/player-layout';
import { requireToken } from './require-token';

const home = async () => ({ Component: (await import('../pages/home-page')).default });

/** Per-game-type paths /{gametype lowercased}: list centres, game centres; then the member's lists. */
const lobbyRoutes: RouteObject[] = [
  ...['/live', '/fish', '/rng', '/pvp', '/crash', '/bonus'].map((path) => ({
    path,
    lazy: async () => ({ Component: (await import('../pages/game-list-page')).default }),
  })),
  ...['/sports', '/esports', '/lott', '/elott', '/cockfight'].map((path) => ({
    path,
    lazy: async () => ({ Component: (await import('../pages/game-centre-page')).default }),
  })),
  ...['/favorite', '/recent'].map((path) => ({
    path,
    lazy: async () => ({ Component: (await import('../pages/member-games-page')).default }),
  })),
  {
    path: '/promotions',
    lazy: async () => ({ Component: (await import('../pages/promotions-page')).default }),
  },
];

const memberPage = (load: () => Promise<{ default: RouteObject['Component'] }>) => async () => ({
  Component: (await load()).default,
});

/** /member and its pages: the page switcher's names (depositv2 → deposit, personalHistoryCopy…). */
const memberCentreRoute: RouteObject = {
  path: '/member',
  lazy: memberPage(() => import('../pages/member/member-centre-layout')),
  children: [
    { index: true, lazy: memberPage(() => import('../pages/member/member-home-page')) },
    { path: 'deposit', lazy: memberPage(() => import('../pages/member/deposit-page')) },
    { path: 'withdraw', lazy: memberPage(() => import('../pages/member/withdraw-page')) },
    { path: 'withdrawals/:withdrawalId', lazy: memberPage(() => import('../pages/member/withdrawal-page')) },
    { path: 'messages', lazy: memberPage(() => import('../pages/member/messages-page')) },
    { path: 'security', lazy: memberPage(() => import('../pages/member/security-page')) },
    {
      path: 'transactionHistory',
      lazy: async () => ({
        Component: (await import('../pages/member/records-pages')).TransactionHistoryPage,
      }),
    },
    {
      path: 'personalProfit',
      lazy: async () => ({ Component: (await import('../pages/member/records-pages')).PersonalProfitPage }),
    },
    {
      path: 'personalHistoryCopy',
      lazy: async () => ({ Component: (await import('../pages/member/records-pages')).BettingRecordPage }),
    },
    {
      path: 'bonus',
      lazy: async () => ({ Component: (await import('../pages/member/records-pages')).BonusPage }),
    },
    {
      path: 'walletTransfer',
      lazy: async () => ({ Component: (await import('../pages/member/wallet-pages')).WalletTransferPage }),
    },
    {
      path: 'transferToUpline',
      lazy: async () => ({ Component: (await import('../pages/member/wallet-pages')).TransferToUplinePage }),
    },
    {
      path: 'favorite',
      lazy: async () => ({ Component: (await import('../pages/member/my-games-pages')).FavoriteGamesPage }),
    },
    {
      path: 'recent',
      lazy: async () => ({ Component: (await import('../pages/member/my-games-pages')).RecentGamesPage }),
    },
  ],
};

type AgentPages = typeof import('../pages/agent/agent-pages');
const agentPage = (name: keyof AgentPages) => async () => ({
  Component: (await import('../pages/agent/agent-pages'))[name] as RouteObject['Component'],
});

/**
 * /agentHome and its pages (spec section 2, agent centre): each menu item its own address, so back,
 * forward and reload keep the page. The member features (deposit, withdraw, messages) are reused.
 */
const agentCentreRoute: RouteObject = {
  path: '/agentHome',
  errorElement: <RouteError />,
  lazy: async () => ({ Component: (await import('../pages/agent-home-page')).default }),
  children: [
    { path: 'overview', lazy: agentPage('OverviewPage') },
    { path: 'register', lazy: agentPage('RegisterPage') },
    { path: 'links', lazy: agentPage('LinksPage') },
    { path: 'team', lazy: agentPage('TeamPage') },
    { path: 'team/:memberId/contracts', lazy: agentPage('MemberContractsPage') },
    { path: 'team/:memberId/transfer', lazy: agentPage('TransferPage') },
    { path: 'betting', lazy: agentPage('BettingPage') },
    { path: 'profitLoss', lazy: agentPage('ProfitLossPage') },
    { path: 'income', lazy: agentPage('IncomePage') },
    { path: 'transactions', lazy: agentPage('TransactionsPage') },
    { path: 'dividend', lazy: agentPage('DividendPage') },
    { path: 'dailySalary', lazy: agentPage('DailySalaryPage') },
    { path: 'hourlySalary', lazy: agentPage('HourlySalaryPage') },
    { path: 'realtimeSalary', lazy: agentPage('RealtimeSalaryPage') },
    { path: 'announcements', lazy: agentPage('AnnouncementsPage') },
    { path: 'customerService', lazy: agentPage('CustomerServicePage') },
    { path: 'deposit', lazy: memberPage(() => import('../pages/member/deposit-page')) },
    { path: 'withdraw', lazy: memberPage(() => import('../pages/member/withdraw-page')) },
    { path: 'messages', lazy: memberPage(() => import('../pages/member/messages-page')) },
  ],
};

/**
 * Two route trees under one root that owns the sign-in popups: the player site (header, footer)
 * and the agent pages (/agent, /agentHome), which omit them (spec section 2). Pages are lazy so
 * the first load carries only the shell and the page being opened.
 */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/agent',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('../pages/agent-login-page')).default }),
      },
      agentCentreRoute,
      {
        element: <PlayerLayout />,
        errorElement: <RouteError />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, lazy: home },
              // The spec's other names for the lobby home.
              ...['/index', '/index.html', '/home'].map((path) => ({ path, lazy: home })),
              // Spec section 2: /help is the home page; a hash such as #term scrolls to that part.
              { path: '/help', lazy: home },
              {
                path: '/helpmc',
                lazy: async () => ({
                  Component: (await import('../pages/help-centre-page')).default,
                }),
              },
              // Lottery pages need a session token, otherwise /login (spec sections 2 and 6).
              ...['/lottery', '/seaLottery', '/vnLottery'].map((path) => ({
                path,
                loader: requireToken,
                lazy: async () => ({ Component: (await import('../pages/lottery-page')).default }),
              })),
              // Lobby content: game lists, game centres, the member's lists and promotions (spec section 2).
              ...lobbyRoutes,
              // The member centre (spec section 2): money, records, messages; its own guard for
              // guests and trial members.
              memberCentreRoute,
              // App download (spec section 2, member centre area: iOS, Android, the lite app and its
              // installation steps). Open to guests: the side menu's QR codes are scanned signed out.
              {
                path: '/app',
                lazy: async () => ({ Component: (await import('../pages/app-download-page')).default }),
              },
              // Home with the login or register popup open over it.
              {
                path: '/login',
                lazy: async () => ({ Component: (await import('../pages/auth-popup-page')).LoginRoutePage }),
              },
              {
                path: '/register',
                lazy: async () => ({
                  Component: (await import('../pages/auth-popup-page')).RegisterRoutePage,
                }),
              },
              // The page the e-mailed password-reset link opens.
              {
                path: '/reset-password',
                lazy: async () => ({ Component: (await import('../pages/reset-password-page')).default }),
              },
              {
                path: '*',
                lazy: async () => ({ Component: (await import('../pages/not-found-page')).default }),
              },
            ],
          },
        ],
      },
    ],
  },
];
