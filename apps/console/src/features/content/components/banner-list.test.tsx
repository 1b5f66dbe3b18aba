import type { ConsoleBanner } from '@sorte/shared/contracts/console';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { captureDownloads, fakeServer, operatorWith, renderConsole } from '../../../test/render-console';

// The screen is a lazy chunk: load it before the tests wait for it.
beforeAll(async () => {
  await import('../../../pages/banners-page');
});

const welcome: ConsoleBanner = {
  id: '7',
  merchantCode: 'BR',
  key: 'welcome-bonus',
  groupName: 'w_home',
  imageUrls: { EN: '/content-images/aaaa.png' },
  linkageType: 'ROUTE',
  link: '/promotions',
  sort: 0,
  startsAt: null,
  endsAt: null,
  live: true,
};

const pictureOf = (name: string, type: string, bytes: number) =>
  new File([new Uint8Array(bytes)], name, { type });

describe('banners', () => {
  it('lists banners by group with their state and link', async () => {
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['content']) },
      'GET /ops/console/banners': {
        value: [
          welcome,
          {
            ...welcome,
            id: '8',
            key: 'login-side',
            groupName: 'w_login',
            live: false,
            startsAt: '2999-01-01T00:00:00.000Z',
            linkageType: 'NONE',
            link: null,
          },
        ],
      },
    });
    renderConsole('/banners');

    const home = await screen.findByRole('region', { name: 'Home carousel' });
    expect(within(home).getByText('welcome-bonus')).toBeTruthy();
    expect(within(home).getByText('Live')).toBeTruthy();
    expect(within(home).getByText('A click opens the site page /promotions.')).toBeTruthy();
    const login = screen.getByRole('region', { name: 'Login' });
    expect(within(login).getByText('Scheduled')).toBeTruthy();
    expect(server.callsTo('GET /ops/console/banners')[0]?.url.search).toBe('');
  });

  it('exports the banners listed as CSV, group by group', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['content']) },
      'GET /ops/console/banners': {
        value: [{ ...welcome, id: '8', key: 'login-side', groupName: 'w_login', live: false }, welcome],
      },
    });
    const { files, clicked, lines: csvLines } = captureDownloads();
    renderConsole('/banners');

    await screen.findByRole('region', { name: 'Home carousel' });
    await user.click(screen.getByRole('button', { name: 'CSV export' }));

    await waitFor(() => expect(files).toHaveLength(1));
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('banners.csv');
    const lines = await csvLines(0);
    expect(lines.slice(0, 3)).toEqual([
      'Merchant,Group,Key,State,Order,Link type,Link,Starts,Ends,Picture (EN)',
      'BR,Home carousel,welcome-bonus,Live,0,Site page,/promotions,,,/content-images/aaaa.png',
      'BR,Login,login-side,Ended,0,Site page,/promotions,,,/content-images/aaaa.png',
    ]);
  });

  it('refuses a 3 MB picture and a GIF before uploading anything', async () => {
    // As when someone picks "All files" in the file chooser.
    const user = userEvent.setup({ applyAccept: false });
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['content']) },
      'GET /ops/console/banners': { value: [] },
      'POST /ops/console/content/images': { value: { url: '/content-images/x.png', bytes: 1 } },
    });
    renderConsole('/banners');

    await user.click(await screen.findByRole('button', { name: 'New banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'New banner' });
    const input = within(dialog).getByLabelText('Picture (EN)');

    await user.upload(input, pictureOf('huge.png', 'image/png', 3 * 1024 * 1024));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      '“huge.png” is 3.0 MB. Choose a PNG, JPEG or WebP file up to 2 MB.',
    );

    await user.upload(input, pictureOf('spin.gif', 'image/gif', 2000));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      '“spin.gif” is not a PNG, JPEG or WebP picture. Choose a PNG, JPEG or WebP file up to 2 MB.',
    );
    expect(server.callsTo('POST /ops/console/content/images')).toHaveLength(0);

    // Publish without a picture is refused here too.
    await user.type(within(dialog).getByLabelText('Key'), 'summer');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(within(dialog).getAllByText('Upload the EN picture.').length).toBeGreaterThan(0);
    expect(server.callsTo('PUT /ops/console/banners')).toHaveLength(0);
  });

  it('uploads the picture, previews it and publishes it with the chosen merchant and group', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['content']) },
      'GET /ops/console/banners': { value: [] },
      'POST /ops/console/content/images': { value: { url: '/content-images/0123abcd.png', bytes: 5120 } },
      'PUT /ops/console/banners': ({ body }) => ({
        value: { ...welcome, ...(body as object), id: '9', live: true },
      }),
    });
    renderConsole('/banners');
    expect(await screen.findByText('No banners yet. Publish the first with “New banner”.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'New banner' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Merchant' }));
    await user.click(await screen.findByRole('option', { name: 'Mexico (MX)' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'Login' }));
    await user.click(within(dialog).getByLabelText('Key'));
    await user.paste('summer-26');
    await user.upload(
      within(dialog).getByLabelText('Picture (EN)'),
      pictureOf('summer.png', 'image/png', 5120),
    );

    const preview = await within(dialog).findByRole('region', { name: 'Preview' });
    const shown = await within(preview).findByRole('img', { name: 'Banner summer-26, EN picture' });
    expect(shown.getAttribute('src')).toBe('/content-images/0123abcd.png');
    const upload = server.callsTo('POST /ops/console/content/images')[0];
    expect(upload?.headers.get('content-type')).toBe('image/png');

    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Banner summer-26 published.')).toBeTruthy();
    expect(server.callsTo('PUT /ops/console/banners')[0]?.body).toEqual({
      merchantCode: 'MX',
      key: 'summer-26',
      groupName: 'w_login',
      imageUrls: { EN: '/content-images/0123abcd.png' },
      linkageType: 'NONE',
      link: null,
      sort: 0,
      startsAt: null,
      endsAt: null,
    });
  });

  it('describes in the preview where a click leads', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['content']) },
      'GET /ops/console/banners': { value: [welcome] },
    });
    renderConsole('/banners');

    await user.click(await screen.findByRole('button', { name: 'Edit welcome-bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit banner welcome-bonus' });
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('img', { name: 'Banner welcome-bonus, EN picture' })).toBeTruthy();
    expect(within(preview).getByText('A click opens the site page /promotions.')).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Key/) as HTMLInputElement).disabled).toBe(true);

    await user.click(within(dialog).getByRole('combobox', { name: 'Link type' }));
    await user.click(await screen.findByRole('option', { name: 'Web address' }));
    await user.clear(within(dialog).getByLabelText('Link'));
    await user.paste('https://example.com/summer');
    expect(within(preview).getByText('A click opens https://example.com/summer.')).toBeTruthy();
  });

  it('asks before removing a banner', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['content']) },
      'GET /ops/console/banners': { value: [welcome] },
      'DELETE /ops/console/banners/7': { value: null },
    });
    renderConsole('/banners');

    await user.click(await screen.findByRole('button', { name: 'Remove welcome-bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove banner welcome-bonus?' });
    expect(server.callsTo('DELETE /ops/console/banners/7')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Banner welcome-bonus removed.')).toBeTruthy();
    expect(server.callsTo('DELETE /ops/console/banners/7')).toHaveLength(1);
  });

  it('keeps a merchant-limited operator to their merchant', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: { ...operatorWith(['content']), merchantCode: 'BD' } },
      'GET /ops/console/banners': { value: [] },
    });
    renderConsole('/banners');

    expect(await screen.findByText('Your account is limited to Bangladesh.')).toBeTruthy();
    expect(server.callsTo('GET /ops/console/banners')[0]?.url.searchParams.get('merchantCode')).toBe('BD');
    await user.click(screen.getByRole('button', { name: 'New banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'New banner' });
    const merchant = within(dialog).getByRole('combobox', { name: 'Merchant' }) as HTMLInputElement;
    expect(merchant.value).toBe('Bangladesh (BD)');
    expect(merchant.disabled).toBe(true);
  });
});

describe('banners in the menu', () => {
  const menuLinks = async () =>
    within(await screen.findByRole('navigation', { name: 'Console' }))
      .getAllByRole('link')
      .map((link) => link.textContent);

  it('shows Banners only to operators with content.write', async () => {
    fakeServer({ 'GET /ops/console/me': { value: operatorWith(['content']) } });
    const content = renderConsole('/');
    expect(await menuLinks()).toContain('Banners');
    content.unmount();

    fakeServer({ 'GET /ops/console/me': { value: operatorWith(['support']) } });
    renderConsole('/');
    expect(await menuLinks()).not.toContain('Banners');
  });
});
