import type { RouteObject } from 'react-router';
import { RouteError } from '../pages/route-error';
import { PlayerLayout } from './layouts/player-layout';

/**
 * The player route tree. Pages are lazy so the first load carries only the shell and the page
 * being opened. The agent tree (/agent, /agentHome, without header and footer) joins here with
 * the agent centre.
 */
export const routes: RouteObject[] = [
  {
    element: <PlayerLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../pages/home-page')).default }) },
          // The spec's other names for the lobby home.
          ...['/index', '/index.html', '/home'].map((path) => ({
            path,
            lazy: async () => ({ Component: (await import('../pages/home-page')).default }),
          })),
          { path: '*', lazy: async () => ({ Component: (await import('../pages/not-found-page')).default }) },
        ],
      },
    ],
  },
];
