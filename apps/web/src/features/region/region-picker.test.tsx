import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeInterfaceLanguage } from '../../lib/i18n';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { pageReload, shouldPromptRegion } from './choose-merchant';

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  if (i18next.isInitialized) await changeInterfaceLanguage('EN');
});

const table = [
  {
    merchantCode: 'BR',
    country: 'BR',
    currency: 'BRL',
    countryName: 'Brazil',
    langList: ['EN', 'PT'],
    countryDialingCode: '55',
  },
  {
    merchantCode: 'MX',
    country: 'MX',
    currency: 'MXN',
    countryName: 'Mexico',
    langList: ['EN', 'ES'],
    countryDialingCode: '52',
  },
  {
    merchantCode: 'BD',
    country: 'BD',
    currency: 'BDT',
    countryName: 'Bangladesh',
    langList: ['EN', 'BN'],
    countryDialingCode: '880',
  },
];
const merchants = (value: Partial<{ current: string; fromDomain: boolean; suggested: string | null }> = {}) =>
  mockApi({
    'GET /wps/system/merchants': {
      value: { merchants: table, current: 'BR', fromDomain: false, suggested: null, ...value },
    },
  });

describe('region picker', () => {
  it('stores the chosen merchant, clears session storage and reloads to the root', async () => {
    const reload = vi.spyOn(pageReload, 'toRoot').mockImplementation(() => {});
    localStorage.setItem('merchantCode', 'BR');
    sessionStorage.setItem('token', 'tok-1');
    sessionStorage.setItem('memberInfo', '{}');
    merchants();
    await renderApp('/helpmc');
    await userEvent.click(await screen.findByRole('button', { name: 'Region: Brazil, BRL' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose your region' });
    expect(
      within(dialog)
        .getByRole('button', { name: /Brazil/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    expect(within(dialog).getByText('Changing region signs you out and reloads the site.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /Mexico/ }));
    expect(localStorage.getItem('merchantCode')).toBe('MX');
    expect(JSON.parse(localStorage.getItem('merchant') ?? '{}')).toMatchObject({
      merchantCode: 'MX',
      currency: 'MXN',
    });
    expect(sessionStorage.length).toBe(0);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('keeps the session when the region in use is confirmed', async () => {
    const reload = vi.spyOn(pageReload, 'toRoot').mockImplementation(() => {});
    sessionStorage.setItem('token', 'tok-1');
    merchants({ current: 'MX' });
    await renderApp('/helpmc');
    await userEvent.click(await screen.findByRole('button', { name: 'Region: Mexico, MXN' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /Mexico/ }));
    expect(localStorage.getItem('merchantCode')).toBe('MX');
    expect(sessionStorage.getItem('token')).toBe('tok-1');
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens by itself when nothing is stored and the country suggests another merchant, once per tab', async () => {
    merchants({ suggested: 'MX' });
    const { unmount } = await renderApp('/helpmc');
    const dialog = await screen.findByRole('dialog', { name: 'Choose your region' });
    expect(within(dialog).getByText(/You seem to be visiting from Mexico/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Mexico/ }).textContent).toContain('Suggested');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    await renderApp('/helpmc');
    await screen.findByRole('button', { name: 'Region: Brazil, BRL' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('hides the region button when the domain decides the merchant', async () => {
    merchants({ fromDomain: true, suggested: 'MX' });
    await renderApp('/helpmc');
    await screen.findByRole('navigation', { name: 'Game types' });
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: /^Region/ })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("offers the merchant of the visitor's country on the region-blocked page", async () => {
    const reload = vi.spyOn(pageReload, 'toRoot').mockImplementation(() => {});
    mockApi({
      'GET /wps/system/status': {
        value: { status: 2, maintenance: null, region: { ip: '10.0.0.1', countryCode: 'MX' } },
      },
      'GET /wps/system/merchants': {
        value: { merchants: table, current: 'BR', fromDomain: false, suggested: 'MX' },
      },
    });
    await renderApp('/');
    await screen.findByRole('heading', { name: 'Access restricted' });
    await userEvent.click(await screen.findByRole('button', { name: /Go to Sorte Mexico/ }));
    expect(localStorage.getItem('merchantCode')).toBe('MX');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('offers no switch when the country has no merchant of its own (the suggestion is only the default)', async () => {
    mockApi({
      'GET /wps/system/status': {
        value: { status: 2, maintenance: null, region: { ip: '10.0.0.1', countryCode: 'US' } },
      },
      'GET /wps/system/merchants': {
        value: { merchants: table, current: 'MX', fromDomain: false, suggested: 'BR' },
      },
    });
    await renderApp('/');
    await screen.findByRole('heading', { name: 'Access restricted' });
    await screen.findByText('10.0.0.1');
    expect(screen.queryByRole('button', { name: /Go to Sorte/ })).toBeNull();
  });

  it('asks only when no merchant is stored, the domain allows a choice and the country points elsewhere', () => {
    const value = { current: 'BR', fromDomain: false, suggested: 'MX' };
    const fresh = { stored: false, dismissed: false };
    expect(shouldPromptRegion(value, fresh)).toBe(true);
    expect(shouldPromptRegion({ ...value, suggested: 'BR' }, fresh)).toBe(false);
    expect(shouldPromptRegion({ ...value, suggested: null }, fresh)).toBe(false);
    expect(shouldPromptRegion({ ...value, fromDomain: true }, fresh)).toBe(false);
    expect(shouldPromptRegion(value, { stored: true, dismissed: false })).toBe(false);
    expect(shouldPromptRegion(value, { stored: false, dismissed: true })).toBe(false);
    expect(shouldPromptRegion(undefined, fresh)).toBe(false);
  });
});
