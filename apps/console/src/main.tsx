import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { routes } from './app/routes';
import { reloadOnStaleBuild } from './lib/stale-build';

reloadOnStaleBuild();
const router = createBrowserRouter(routes, { basename: '/console' });
const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
