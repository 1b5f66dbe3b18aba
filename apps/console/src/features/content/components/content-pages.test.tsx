import type {
  ConsoleAnnouncement,
  ConsoleHelpArticle,
  ConsoleMaintenancePage,
} from '@sorte/shared/contracts/console-content';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, operatorWith, renderConsole } from '../../../test/render-console';

// The screens are lazy chunks: load them before the tests wait for them.
beforeAll(async () => {
  await Promise.all([import('../../../pages/notices-page'), import('../../../pages/help-centre-page')]);
  await import('../../../pages/maintenance-texts-page');
});

const me = { value: operatorWith(['content']) };
const pageOf = <T,>(rows: T[]) => ({
  value: { content: rows, pageNum: 1, totalPages: 1, total: rows.length },
});

const marquee: ConsoleAnnouncement = {
  id: '31',
  merchantCode: 'BR',
  type: 'B',
  title: { EN: 'Server upgrade tonight', PT: 'Atualização hoje à noite' },
  content: { EN: '<p>From 02:00</p>' },
  execution: null,
  images: [],
  sort: 0,
  publishedAt: '2026-11-20T10:00:00.000Z',
  startsAt: null,
  endsAt: null,
  live: true,
};

describe('notices', () => {
  it('lists notices, and publishes a popup only after its phone preview from the server', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': me,
      'GET /ops/console/announcements': pageOf([marquee]),
      'POST /ops/console/content/preview': ({ body }) => ({
        value: {
          title: (body as { title: string }).title,
          content: '<p>Deposit <strong>today</strong></p>',
        },
      }),
      'POST /ops/console/announcements': ({ body }) => ({
        value: { ...marquee, ...(body as object), id: '32' },
      }),
    });
    renderConsole('/notices');

    const row = (await screen.findByText('Server upgrade tonight')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Marquee notice')).toBeTruthy();
    expect(within(row).getByText('EN PT')).toBeTruthy();
    expect(within(row).getByText('Live')).toBeTruthy();
    expect(server.callsTo('GET /ops/console/announcements')[0]?.url.searchParams.get('types')).toBe(
      'B,PL,PU,H',
    );

    await user.click(screen.getByRole('button', { name: 'New notice' }));
    const dialog = await screen.findByRole('dialog', { name: 'New notice' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Popup' }));
    await user.click(within(dialog).getByLabelText(/^Title \(EN\)/));
    await user.paste('Weekend boost');
    await user.click(within(dialog).getByLabelText('Content (EN)'));
    await user.paste('Deposit today<script>x</script>');

    // No audience yet: the preview is not shown and nothing is asked of the server.
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getByText('Choose who sees the popup.')).toBeTruthy();
    expect(server.callsTo('POST /ops/console/content/preview')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /^Audience/ }));
    await user.click(await screen.findByRole('option', { name: 'Members at first login' }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    const phone = await within(dialog).findByRole('region', { name: 'Preview on a phone (EN)' });
    expect((await within(phone).findByText('today')).tagName).toBe('STRONG');
    expect(within(phone).getByRole('heading', { name: 'Weekend boost' })).toBeTruthy();
    expect(server.callsTo('POST /ops/console/content/preview')[0]?.body).toEqual({
      merchantCode: 'BR',
      language: 'EN',
      format: 'formatted',
      title: 'Weekend boost',
      content: 'Deposit today<script>x</script>',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('“Weekend boost” is on the site.')).toBeTruthy();
    expect(server.callsTo('POST /ops/console/announcements')[0]?.body).toEqual({
      merchantCode: 'BR',
      type: 'PU',
      title: { EN: 'Weekend boost' },
      content: { EN: 'Deposit today<script>x</script>' },
      execution: 'F',
      images: [],
      sort: 0,
      startsAt: null,
      endsAt: null,
    });
  });

  it('asks before removing a notice', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': me,
      'GET /ops/console/announcements': pageOf([marquee]),
      'DELETE /ops/console/announcements/31': { value: null },
    });
    renderConsole('/notices');

    await user.click(await screen.findByRole('button', { name: 'Remove “Server upgrade tonight”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove “Server upgrade tonight”?' });
    expect(server.callsTo('DELETE /ops/console/announcements/31')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('“Server upgrade tonight” removed.')).toBeTruthy();
    expect(server.callsTo('DELETE /ops/console/announcements/31')).toHaveLength(1);
  });
});

describe('help centre', () => {
  const article = (
    id: string,
    category: string,
    categoryTitle: string,
    title: string,
  ): ConsoleHelpArticle => ({
    id,
    merchantCode: 'BR',
    language: 'EN',
    category,
    categoryTitle,
    categorySort: category === 'account' ? 0 : 1,
    title,
    content: `<p>${title}</p>`,
    sort: 0,
  });

  it('moves a category down by sending the whole new order', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': me,
      'GET /ops/console/help-articles': {
        value: [
          article('1', 'account', 'Account', 'Opening an account'),
          article('2', 'payments', 'Payments', 'Deposits by PIX'),
        ],
      },
      'PUT /ops/console/help-articles/order': { value: [] },
    });
    renderConsole('/help-centre');

    expect(await screen.findByRole('region', { name: 'Account' })).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Move category “Account” up' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move category “Account” down' }));
    expect(server.callsTo('PUT /ops/console/help-articles/order')[0]?.body).toEqual({
      merchantCode: 'BR',
      language: 'EN',
      categories: [
        { category: 'payments', articleIds: ['2'] },
        { category: 'account', articleIds: ['1'] },
      ],
    });
  });
});

describe('maintenance page texts', () => {
  it('says whether the site is closed and writes a language text after its preview', async () => {
    const user = userEvent.setup();
    const pages: ConsoleMaintenancePage[] = [
      {
        merchantCode: 'BR',
        isOn: true,
        texts: [
          { language: 'EN', title: 'Upgrading', info: 'Back soon.', updatedAt: '2026-11-20T10:00:00.000Z' },
        ],
      },
    ];
    const server = fakeServer({
      'GET /ops/console/me': { value: { ...operatorWith(['content']), merchantCode: 'BR' } },
      'GET /ops/console/maintenance-texts': { value: pages },
      'POST /ops/console/content/preview': ({ body }) => ({ value: body }),
      'PUT /ops/console/maintenance-texts': ({ body }) => ({
        value: { ...(body as object), updatedAt: '2026-11-21T10:00:00.000Z' },
      }),
    });
    renderConsole('/maintenance-texts');

    const brazil = await screen.findByRole('region', { name: 'Brazil' });
    expect(within(brazil).getByText('Site in maintenance now')).toBeTruthy();
    expect(
      server.callsTo('GET /ops/console/maintenance-texts')[0]?.url.searchParams.get('merchantCode'),
    ).toBe('BR');

    await user.click(within(brazil).getByRole('button', { name: 'Write the Portuguese text for Brazil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maintenance page of Brazil in Portuguese' });
    await user.click(within(dialog).getByLabelText(/^Title/));
    await user.paste('Em manutenção');
    await user.click(within(dialog).getByLabelText(/^Text/));
    await user.paste('Voltamos às 14h.');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const phone = await within(dialog).findByRole('region', { name: 'Preview on a phone (PT)' });
    expect(await within(phone).findByText('Voltamos às 14h.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Maintenance text of Brazil in Portuguese saved.')).toBeTruthy();
    expect(server.callsTo('PUT /ops/console/maintenance-texts')[0]?.body).toEqual({
      merchantCode: 'BR',
      language: 'PT',
      title: 'Em manutenção',
      info: 'Voltamos às 14h.',
    });
  });
});

describe('the Content group of the menu', () => {
  it('opens to the content screens for an administrator', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['admin']) },
      'GET /ops/console/dashboard': { value: { merchants: [] } },
    });
    renderConsole('/');

    const menu = await screen.findByRole('navigation', { name: 'Console' });
    const group = within(menu).getByRole('button', { name: 'Content' });
    expect(within(menu).queryByRole('link', { name: 'Notices' })).toBeNull();
    await user.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('true');
    // The group opens with a short animation: its links are there once it has begun.
    const helpCentre = await within(menu).findByRole('link', { name: 'Help centre' });
    expect(helpCentre.getAttribute('href')).toBe('/console/help-centre');
  });
});
