import type { ConsoleGame, ConsoleVendorSorting } from '@sorte/shared/contracts/console-games';
import type { MerchantSettings } from '@sorte/shared/contracts/console-settings';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, operatorWith, renderConsole } from '../../../test/render-console';

// The screens are lazy chunks: load them before the tests wait for them.
beforeAll(async () => {
  await Promise.all([import('../../../pages/games-page'), import('../../../pages/settings-page')]);
});

const crash: ConsoleGame = {
  nodeId: 7,
  merchantCode: 'BR',
  vassalage: 'SORTE',
  vendorName: 'Sorte Originals',
  gameType: 'CRASH',
  gameCode: 'crash',
  name: 'Crash',
  iconUrl: '/art/games/crash.svg',
  enabled: true,
  hot: true,
  sort: 10,
  lobby: 'shown',
  maintenance: false,
};
const page = (content: ConsoleGame[]) => ({
  value: { content, pageNum: 1, totalPages: 1, total: content.length },
});

describe('games and vendors', () => {
  it('asks before turning a game off for the merchant, then sends the switch; a move needs no question', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['admin']) },
      'GET /ops/console/vendors': { value: [] },
      'GET /ops/console/games': page([crash]),
      'PATCH /ops/console/games/7': ({ body }) => ({
        value: { ...crash, ...(body as object), lobby: 'off' },
      }),
      'POST /ops/console/games/7/move': { value: crash },
    });
    renderConsole('/games');

    const row = (await screen.findByText('Crash')).closest('tr') as HTMLElement;
    expect(within(row).getByText('In the lobby')).toBeTruthy();
    await user.click(within(row).getByRole('switch', { name: 'Crash on for this merchant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off Crash?' });
    expect(within(dialog).getByText(/Players of Brazil stop seeing it/)).toBeTruthy();
    expect(server.callsTo('PATCH /ops/console/games/7')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Crash is off for this merchant.')).toBeTruthy();
    expect(server.callsTo('PATCH /ops/console/games/7')[0]?.body).toEqual({
      merchantCode: 'BR',
      enabled: false,
    });

    await user.click(within(row).getByRole('button', { name: 'Move Crash up' }));
    expect(server.callsTo('POST /ops/console/games/7/move')[0]?.body).toEqual({
      merchantCode: 'BR',
      direction: 'up',
    });
    expect(server.callsTo('GET /ops/console/games')[0]?.url.searchParams.get('merchantCode')).toBe('BR');
  });

  it('reorders the menu’s categories and saves the whole list in its new order', async () => {
    const user = userEvent.setup();
    const menu: ConsoleVendorSorting = {
      merchantCode: 'BR',
      entries: [
        {
          gameType: 'RNG',
          vassalage: 'SORTE',
          name: 'Sorte Originals',
          enabled: true,
          maintenance: false,
          hasGames: true,
        },
        {
          gameType: 'CRASH',
          vassalage: 'SORTE',
          name: 'Sorte Originals',
          enabled: true,
          maintenance: false,
          hasGames: true,
        },
        {
          gameType: 'BONUS',
          vassalage: 'BGS',
          name: 'Bonus Games',
          enabled: true,
          maintenance: false,
          hasGames: false,
        },
      ],
      available: [],
    };
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['admin']) },
      'GET /ops/console/vendor-sorting/BR': { value: menu },
      'PUT /ops/console/vendor-sorting/BR': ({ body }) => ({
        value: { ...menu, entries: (body as ConsoleVendorSorting).entries },
      }),
    });
    renderConsole('/games?tab=menu');

    const bonus = await screen.findByRole('listitem', { name: 'Category BONUS' });
    expect(within(bonus).getByText('No games here: hidden')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save the menu' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move CRASH up' }));
    await user.click(screen.getByRole('button', { name: 'Save the menu' }));
    expect(await screen.findByText('Menu saved. The site shows the new order now.')).toBeTruthy();
    expect(server.callsTo('PUT /ops/console/vendor-sorting/BR')[0]?.body).toEqual({
      entries: [
        { gameType: 'CRASH', vassalage: 'SORTE' },
        { gameType: 'RNG', vassalage: 'SORTE' },
        { gameType: 'BONUS', vassalage: 'BGS' },
      ],
    });
  });
});

const brazil: MerchantSettings = {
  merchantCode: 'BR',
  currency: 'BRL',
  country: 'BR',
  whitelabel: { USERNAMEREG3: true, FREEPLAY: true },
  registerFields: {
    username: {
      enabled: true,
      required: true,
      minLength: 4,
      maxLength: 16,
      lengthBounds: { min: 3, max: 32 },
      locked: true,
    },
    birthday: {
      enabled: true,
      required: false,
      minLength: 10,
      maxLength: 10,
      lengthBounds: { min: 10, max: 10 },
      locked: false,
    },
  },
  minimumAge: 18,
  defaultMemberPassword: 'sorte1234',
  withdrawalAutoReceiptMinutes: 30,
  allowedCountries: ['BR'],
  domains: [],
  maintenance: false,
};

describe('merchant settings', () => {
  it('closes the site for maintenance only after asking, with the page texts', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['admin']) },
      'GET /ops/console/merchants/BR/settings': { value: brazil },
      'GET /ops/console/merchants/MX/settings': { value: { ...brazil, merchantCode: 'MX' } },
      'GET /ops/console/merchants/BD/settings': { value: { ...brazil, merchantCode: 'BD' } },
      'PUT /ops/system/maintenance': { value: null },
    });
    renderConsole('/settings');

    await user.click(await screen.findByRole('switch', { name: 'Maintenance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the site of Brazil for maintenance?' });
    const title = within(dialog).getByLabelText(/Page title/);
    await user.clear(title);
    await user.paste('Back at 6');
    await user.click(within(dialog).getByRole('button', { name: 'Start maintenance' }));
    expect(await screen.findByText('The site of Brazil is closed for maintenance.')).toBeTruthy();
    expect(server.callsTo('PUT /ops/system/maintenance')[0]?.body).toEqual({
      merchantCode: 'BR',
      maintenance: {
        title: { EN: 'Back at 6' },
        info: { EN: 'We are improving the site. Please come back in a little while.' },
      },
    });
  });

  it('sends only what changed and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: { ...operatorWith(['admin']), merchantCode: 'BR' } },
      'GET /ops/console/merchants/BR/settings': { value: brazil },
      'PUT /ops/console/merchants/BR/settings': {
        status: 400,
        code: 'VALIDATION_FAILED',
        message:
          "defaultMemberPassword: must be 8 to 64 characters long, as this merchant's password rule says",
      },
    });
    renderConsole('/settings');

    // Limited to Brazil: no other merchant is listed.
    expect(await screen.findByRole('button', { name: 'Open the settings of Brazil' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open the settings of Mexico' })).toBeNull();
    const age = await screen.findByRole('textbox', { name: 'Minimum age' });
    await user.clear(age);
    await user.paste('21');
    await user.click(screen.getByRole('switch', { name: /Free play accounts/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'defaultMemberPassword: must be 8 to 64',
    );
    expect(server.callsTo('PUT /ops/console/merchants/BR/settings')[0]?.body).toEqual({
      whitelabel: { FREEPLAY: false },
      minimumAge: 21,
    });
  });
});
