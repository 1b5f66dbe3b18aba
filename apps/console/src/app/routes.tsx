import type { RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { HomePage } from '../pages/home-page';
import { NotFoundPage } from '../pages/not-found-page';
import { RouteErrorPage } from '../pages/route-error-page';
import { SignInPage } from '../pages/sign-in-page';
import { ConsoleLayout } from './console-layout';
import { RequireOperator } from './require-operator';
import { RequirePermission } from './require-permission';

/** Paths below the router's basename (/console). The list screens load when first opened. */
export const routes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage /> },
  {
    element: <RequireOperator />,
    // Shown while the first screen's code loads (the list screens are lazy).
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <ConsoleLayout />,
        children: [
          {
            // A screen that cannot open (a chunk of an older build, an error while rendering) shows
            // its message inside the console's frame, menu included.
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, element: <HomePage /> },
              {
                element: <RequirePermission permission="players.read" />,
                children: [
                  {
                    path: 'players',
                    lazy: async () => ({ Component: (await import('../pages/players-page')).PlayersPage }),
                  },
                  {
                    path: 'players/:memberId',
                    lazy: async () => ({ Component: (await import('../pages/player-page')).PlayerPage }),
                  },
                ],
              },
              {
                element: <RequirePermission permission="players.adjust" />,
                children: [
                  {
                    path: 'adjustments',
                    lazy: async () => ({
                      Component: (await import('../pages/adjustments-page')).AdjustmentsPage,
                    }),
                  },
                ],
              },
              {
                element: <RequirePermission permission="reports.read" />,
                children: [
                  {
                    path: 'reports',
                    lazy: async () => ({ Component: (await import('../pages/reports-page')).ReportsPage }),
                  },
                ],
              },
              {
                element: <RequirePermission permission="withdrawals.read" />,
                children: [
                  {
                    path: 'withdrawals',
                    lazy: async () => ({
                      Component: (await import('../pages/withdrawals-page')).WithdrawalsPage,
                    }),
                  },
                ],
              },
              {
                element: <RequirePermission permission="deposits.read" />,
                children: [
                  {
                    path: 'deposits',
                    lazy: async () => ({ Component: (await import('../pages/deposits-page')).DepositsPage }),
                  },
                ],
              },
              {
                element: <RequirePermission permission="content.write" />,
                children: [
                  {
                    path: 'banners',
                    lazy: async () => ({ Component: (await import('../pages/banners-page')).BannersPage }),
                  },
                  {
                    path: 'notices',
                    lazy: async () => ({ Component: (await import('../pages/notices-page')).NoticesPage }),
                  },
                  {
                    path: 'promotions',
                    lazy: async () => ({
                      Component: (await import('../pages/promotions-page')).PromotionsPage,
                    }),
                  },
                  {
                    path: 'help-centre',
                    lazy: async () => ({
                      Component: (await import('../pages/help-centre-page')).HelpCentrePage,
                    }),
                  },
                  {
                    path: 'maintenance-texts',
                    lazy: async () => ({
                      Component: (await import('../pages/maintenance-texts-page')).MaintenanceTextsPage,
                    }),
                  },
                ],
              },
              {
                element: <RequirePermission permission="vendors.manage" />,
                children: [
                  {
                    path: 'games',
                    lazy: async () => ({ Component: (await import('../pages/games-page')).GamesPage }),
                  },
                ],
              },
              {
                element: <RequirePermission permission="settings.write" />,
                children: [
                  {
                    path: 'settings',
                    lazy: async () => ({ Component: (await import('../pages/settings-page')).SettingsPage }),
                  },
                ],
              },
              {
                element: <RequirePermission permission="channels.write" />,
                children: [
                  {
                    path: 'channels',
                    lazy: async () => ({ Component: (await import('../pages/channels-page')).ChannelsPage }),
                  },
                ],
              },
              {
                element: <RequirePermission permission="operators.manage" />,
                children: [
                  {
                    path: 'operators',
                    lazy: async () => ({
                      Component: (await import('../pages/operators-page')).OperatorsPage,
                    }),
                  },
                ],
              },
              {
                element: <RequirePermission permission="audit.read" />,
                children: [
                  {
                    path: 'audit',
                    lazy: async () => ({ Component: (await import('../pages/audit-page')).AuditPage }),
                  },
                ],
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
