import type { SiteResource } from '@sorte/shared';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { SiteFooter } from './components/site-footer';

async function renderFooter(resources: SiteResource[] | undefined) {
  const i18n = await initI18n();
  const element = (
    <SiteFooter
      products={[
        { key: 'RNG', label: 'Slots', to: '/rng' },
        { key: 'CRASH', label: 'Crash', to: '/crash' },
      ]}
      helpArticles={[{ id: 4, title: 'How do I make a deposit?' }]}
      resources={resources}
    />
  );
  const router = createMemoryRouter([{ path: '*', element }]);
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return screen.getByRole('contentinfo');
}

const resource = (type: SiteResource['type'], url: string, label: string): SiteResource => ({
  type,
  url,
  label,
});

describe('site footer', () => {
  it('names in its tagline the categories the menu offers, and no other (issue 14)', async () => {
    const footer = await renderFooter([]);
    expect(within(footer).getByText(/fair games/).textContent).toBe(
      'Slots and Crash — fair games, fast payouts and support every day.',
    );
  });

  it('shows social links only for the channels the merchant provides', async () => {
    const footer = await renderFooter([
      resource('FACEBOOK', 'https://facebook.com/sorte', 'Facebook'),
      resource('TELEGRAM', 'https://t.me/sorte', 'Telegram'),
      resource('APP_IOS', 'https://sorte.example/ios', 'App for iOS'),
    ]);
    const socials = within(footer).getByRole('list', { name: 'Follow us' });
    expect(
      within(socials)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Facebook', 'Telegram']);
    expect(within(footer).queryByRole('link', { name: 'Instagram' })).toBeNull();
    expect(within(footer).queryByRole('link', { name: 'WhatsApp' })).toBeNull();
    expect(within(socials).getByRole('link', { name: 'Telegram' }).getAttribute('rel')).toContain('noopener');
  });

  it('has no social row at all when no channel is configured', async () => {
    const footer = await renderFooter([]);
    expect(within(footer).queryByRole('list', { name: 'Follow us' })).toBeNull();
    // Without a customer service or feedback address those entries are left out; the affiliate
    // entry falls back to the agent programme.
    const contact = within(footer).getByRole('navigation', { name: 'Contact' });
    expect(
      within(contact)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Affiliate programme']);
    expect(within(contact).getByRole('link').getAttribute('href')).toBe('/agent');
  });

  it('lists products, help articles into the help centre, contact, and the 18+ licence note', async () => {
    const footer = await renderFooter([
      resource('CUSTOMER_SERVICE', 'https://help.example', 'Atendimento'),
      resource('FEEDBACK', 'https://feedback.example', 'Feedback'),
      resource('AFFILIATE', 'https://partners.example', 'Partners'),
      resource('LICENCE', 'https://licence.example', 'Licence no. 123'),
    ]);
    const products = within(footer).getByRole('navigation', { name: 'Products' });
    expect(within(products).getByRole('link', { name: 'Slots' }).getAttribute('href')).toBe('/rng');
    const help = within(footer).getByRole('navigation', { name: 'Help' });
    expect(within(help).getByRole('link', { name: 'How do I make a deposit?' }).getAttribute('href')).toBe(
      '/helpmc#help-4',
    );
    expect(within(help).getByRole('link', { name: 'Help centre' }).getAttribute('href')).toBe('/helpmc');
    const contact = within(footer).getByRole('navigation', { name: 'Contact' });
    expect(
      within(contact)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['https://help.example', 'https://feedback.example', 'https://partners.example']);
    const legal = footer.querySelector('#term') as HTMLElement;
    expect(within(legal).getByText('18+')).toBeTruthy();
    expect(within(legal).getByText(/state lottery authority licence/)).toBeTruthy();
    expect(within(legal).getByRole('link', { name: 'Licence no. 123' })).toBeTruthy();
  });
});
