import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from '../app/providers';
import { routes } from '../app/routes';
import { initI18n } from '../lib/i18n';

/** Renders the real route tree at a path, with the real i18n catalogs. */
export async function renderApp(path = '/') {
  const i18n = await initI18n();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <Providers i18n={i18n} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router };
}
