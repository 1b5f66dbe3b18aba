import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadSession } from '../../lib/session-store';
import { memberInfo, mockApi, settingsRoutes } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const consolidated = {
  dividend: 0,
  divtypereq: '',
  dailysalreqtype: 0,
  contracthoursalreq: 0,
  realtimesalreqtype: 0,
  info: { isAgent: true, pendingOffers: 0, hasUpline: false },
};

function signedInAgent(links: unknown) {
  sessionStorage.setItem('token', 'tok-1');
  reloadSession();
  return mockApi({
    ...settingsRoutes,
    'GET /wps/member/info': { value: { ...memberInfo, nickname: 'boss', type: 1, isAgent: true } },
    'GET /wps/member/info/funds/consolidated': { value: consolidated },
    'GET /wps/agent/links': { value: links },
  });
}

describe('agent centre: invitation links', () => {
  it('opens from the menu and shows each domain’s link with its QR code and what it brought', async () => {
    const user = userEvent.setup();
    signedInAgent({
      inviteCode: 'BOSS26',
      links: [
        {
          domain: 'sorte.example',
          url: 'https://sorte.example/register?affiliateCode=BOSS26',
          registrations: 7,
          firstDepositors: 3,
        },
        {
          domain: 'mirror.sorte.example',
          url: 'https://mirror.sorte.example/register?affiliateCode=BOSS26',
          registrations: 2,
          firstDepositors: 0,
        },
      ],
      other: { registrations: 4, firstDepositors: 1 },
    });
    await renderApp('/agentHome/register');
    const nav = (await screen.findAllByRole('navigation', { name: 'Agent centre menu' }))[0] as HTMLElement;
    await user.click(await within(nav).findByRole('link', { name: 'Invitation links' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation links' })).toBeTruthy();
    const main = (await screen.findByText('mirror.sorte.example')).closest('li') as HTMLElement;
    expect(within(main).getByText('https://mirror.sorte.example/register?affiliateCode=BOSS26')).toBeTruthy();
    expect(
      await within(main).findByRole('img', {
        name: 'QR code of the invitation link on mirror.sorte.example',
      }),
    ).toBeTruthy();
    const first = screen.getByText('sorte.example').closest('li') as HTMLElement;
    expect(within(first).getByText('Registrations').nextSibling?.textContent).toBe('7');
    expect(within(first).getByText('First depositors').nextSibling?.textContent).toBe('3');
    expect(
      screen.getByText('Direct members who joined without a link: 4 registrations, 1 first depositors.'),
    ).toBeTruthy();
  });

  it('says so when the agent has no invitation code', async () => {
    signedInAgent({ inviteCode: null, links: [], other: { registrations: 0, firstDepositors: 0 } });
    await renderApp('/agentHome/links');
    expect(await screen.findByText('You have no invitation code yet, so no links.')).toBeTruthy();
  });
});
