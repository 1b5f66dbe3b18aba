import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { changeInterfaceLanguage } from '../../lib/i18n';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { statusView } from './status-view';

afterEach(async () => {
  vi.unstubAllGlobals();
  if (i18next.isInitialized) await changeInterfaceLanguage('EN');
});

const status = (value: unknown) => ({ 'GET /wps/system/status': { value } });
const resources = {
  'GET /wps/system/resources': {
    value: [{ type: 'CUSTOMER_SERVICE', url: 'https://help.example/br', label: 'Atendimento' }],
  },
};
const maintenance = {
  title: 'Back at 14:00',
  info: 'We are upgrading the wallet.',
  links: { telegram: 'https://t.me/sorte', facebook: 'https://facebook.com/sorte' },
};

describe('statusView', () => {
  it('opens the site only for status 0, with maintenance before region', () => {
    const base = { error: null, isPending: false };
    expect(statusView({ ...base, data: { status: 0, maintenance: null, region: null } })).toBe('open');
    expect(statusView({ ...base, data: { status: 1, maintenance, region: null } })).toBe('maintenance');
    expect(
      statusView({
        ...base,
        data: { status: 2, maintenance: null, region: { ip: '1.2.3.4', countryCode: 'US' } },
      }),
    ).toBe('blocked');
    // A maintenance text wins even if a status said "region".
    expect(
      statusView({ ...base, data: { status: 2, maintenance, region: { ip: '1.2.3.4', countryCode: 'US' } } }),
    ).toBe('maintenance');
  });

  it('waits while loading, offers a retry after a failure, and opens when the server has no status call', () => {
    expect(statusView({ data: undefined, error: null, isPending: true })).toBe('loading');
    const network = new ApiError(0, 'NETWORK_ERROR', 'Network link is abnormal, please try again');
    expect(statusView({ data: undefined, error: network, isPending: false })).toBe('failed');
    expect(statusView({ data: undefined, error: new ApiError(503, 'DOWN', 'down'), isPending: false })).toBe(
      'failed',
    );
    expect(
      statusView({ data: undefined, error: new ApiError(404, 'NOT_FOUND', 'no'), isPending: false }),
    ).toBe('open');
  });
});

describe('status gate', () => {
  it('shows the maintenance page instead of the site, with customer service and the configured channels', async () => {
    mockApi({ ...status({ status: 1, maintenance, region: null }), ...resources });
    await renderApp('/helpmc');
    expect(await screen.findByRole('heading', { name: 'Back at 14:00' })).toBeTruthy();
    expect(screen.getByText('We are upgrading the wallet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Customer service' }).getAttribute('href')).toBe(
      'https://help.example/br',
    );
    expect(screen.getByRole('link', { name: 'Telegram' }).getAttribute('href')).toBe('https://t.me/sorte');
    expect(screen.getByRole('link', { name: 'Facebook' })).toBeTruthy();
    // Instagram is not configured: no link for it.
    expect(screen.queryByRole('link', { name: 'Instagram' })).toBeNull();
    // None of the site is there: no header, no navigation, no footer.
    expect(screen.queryByRole('navigation', { name: 'Game types' })).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    // The page can be read in another language.
    expect(screen.getByLabelText('Language')).toBeTruthy();
  });

  it('prefers the customer service address maintenance names', async () => {
    mockApi({
      ...status({
        status: 1,
        maintenance: { ...maintenance, links: { customerService: 'https://chat.example' } },
        region: null,
      }),
      ...resources,
    });
    await renderApp('/');
    expect((await screen.findByRole('link', { name: 'Customer service' })).getAttribute('href')).toBe(
      'https://chat.example',
    );
  });

  it('shows the region-blocked page with the visitor IP and "Access restricted"', async () => {
    mockApi({
      ...status({ status: 2, maintenance: null, region: { ip: '203.0.113.9', countryCode: 'US' } }),
      ...resources,
    });
    await renderApp('/');
    const page = await screen.findByRole('region', { name: 'Access restricted' });
    expect(within(page).getByTestId('visitor-ip').textContent).toBe('203.0.113.9');
    expect(within(page).getByText('US')).toBeTruthy();
    expect(within(page).getByRole('link', { name: 'Customer service' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it('shows a loader while the status loads, then the site when it is 0', async () => {
    let release: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockApi({});
    const answered = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (String(input).startsWith('/wps/system/status')) {
        await gate;
        return new Response(
          JSON.stringify({
            success: true,
            code: 'OK',
            message: 'OK',
            value: { status: 0, maintenance: null, region: null },
          }),
          {
            status: 200,
          },
        );
      }
      return (answered as typeof fetch)(input, init);
    });
    await renderApp('/helpmc');
    expect((await screen.findByRole('status')).textContent).toContain('Loading');
    expect(screen.queryByRole('navigation', { name: 'Game types' })).toBeNull();
    release?.();
    expect(await screen.findByRole('navigation', { name: 'Game types' })).toBeTruthy();
  });

  it('offers a retry when the status cannot be read, and opens the site once it can', async () => {
    let healthy = false;
    mockApi({
      'GET /wps/system/status': () =>
        healthy
          ? { value: { status: 0, maintenance: null, region: null } }
          : { status: 503, code: 'UNAVAILABLE', message: 'Down' },
    });
    await renderApp('/helpmc');
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 4000 });
    expect(screen.getByRole('heading', { name: 'We could not reach Sorte' })).toBeTruthy();
    healthy = true;
    await userEvent.click(retry);
    expect(await screen.findByRole('navigation', { name: 'Game types' })).toBeTruthy();
  });
});
