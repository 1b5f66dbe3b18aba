import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from '../app/providers';
import { initI18n } from '../lib/i18n';

/** Renders one component with the real i18n catalogs, a query client and a router (for links). */
export async function renderUi(ui: ReactNode, path = '/') {
  const i18n = await initI18n();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <Providers i18n={i18n} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router };
}
