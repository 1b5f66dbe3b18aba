import type { RouteObject } from 'react-router';
import { RouteError } from '../pages/route-error';
import { AppRoot } from './app-root';
import { PlayerLayout } from './layouts/player-layout';

const home = async () => ({ Component: (await import('../pages/home-page')).default });

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
      {
        path: '/agentHome',
        errorElement: <RouteError />,
        lazy: async () => ({ Component: (await import('../pages/agent-home-page')).default }),
      },
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
