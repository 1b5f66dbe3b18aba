import type { ConsoleOperator, OperatorRoleName } from '@sorte/shared/contracts/console';
import { permissionsOf } from '@sorte/shared/contracts/console';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/routes';

export function operatorWith(roles: OperatorRoleName[], username = 'ana'): ConsoleOperator {
  return { id: '1', username, roles, permissions: permissionsOf(roles), merchantCode: null };
}

type Answer = { status?: number; value?: unknown; code?: string; message?: string };
/** What the fake server answers: a function of the call, or a fixed answer. */
type Route = Answer | ((call: { body: unknown; url: URL }) => Answer);
export type FakeServer = Record<string, Route>;

/** A recorded call: "POST /ops/console/sign-in" with its parsed JSON body and headers. */
export type Call = { key: string; url: URL; body: unknown; headers: Headers };

/**
 * Replaces fetch with a fake server keyed by "METHOD /path" (query string ignored). A call nobody
 * expected answers 404, so a test sees it rather than hanging.
 */
export function fakeServer(routesByCall: FakeServer) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ key, url, body, headers: new Headers(init.headers) });
    const route = routesByCall[key];
    const answer: Answer =
      route === undefined
        ? { status: 404, code: 'NOT_FOUND', message: 'Not found' }
        : typeof route === 'function'
          ? route({ body, url })
          : route;
    const status = answer.status ?? 200;
    const isSuccess = status < 400;
    return new Response(
      JSON.stringify({
        success: isSuccess,
        code: answer.code ?? (isSuccess ? 'OK' : 'ERROR'),
        message: answer.message ?? (isSuccess ? 'OK' : 'Refused'),
        value: answer.value ?? null,
      }),
      { status, headers: { 'content-type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, callsTo: (key: string) => calls.filter((call) => call.key === key) };
}

/** The whole console (providers, routes under /console) at a path, as a browser would open it. */
export function renderConsole(path = '/') {
  const router = createMemoryRouter(routes, {
    initialEntries: [`/console${path === '/' ? '' : path}`],
    basename: '/console',
  });
  const queryClient = createQueryClient();
  const view = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}

/**
 * Captures the files a page downloads (lib/download.ts): their blobs, the link clicks that save
 * them, and a CSV file's lines (without the byte-order mark).
 */
export function captureDownloads() {
  const files: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    files.push(blob as Blob);
    return 'blob:csv';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const lines = async (index: number) =>
    (await (files[index] as Blob).text()).replace(/^\uFEFF/, '').split('\r\n');
  return { files, clicked, lines };
}
