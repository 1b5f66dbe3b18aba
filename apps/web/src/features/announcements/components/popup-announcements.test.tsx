import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderUi } from '../../../test/render-ui';
import { PopupAnnouncements } from './popup-announcements';

afterEach(() => vi.unstubAllGlobals());

const popups = [
  { id: 1, execution: 'B', title: 'Welcome, guest', content: '<p>Guests</p>', time: '2026-03-01T12:00:00Z' },
  {
    id: 2,
    execution: 'A',
    title: 'Good to see you again',
    content: '<p>Members</p>',
    time: '2026-03-01T12:00:00Z',
  },
  {
    id: 3,
    execution: 'F',
    title: 'Your account is ready',
    content: '<p>First</p>',
    time: '2026-03-01T12:00:00Z',
  },
];

/** The server answers only the audiences asked for, as the real one does. */
function serve() {
  const asked: string[] = [];
  const fetchMock = vi.fn(async (input: string) => {
    const execution = new URL(input, 'http://x').searchParams.get('execution') ?? '';
    asked.push(execution);
    const codes = execution.split(',');
    return new Response(
      JSON.stringify({
        success: true,
        code: 'OK',
        message: 'OK',
        value: {
          banners: [],
          player: [],
          promotion: [],
          help: [],
          popup: popups.filter((p) => codes.includes(p.execution)),
        },
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return asked;
}

/** Signs in and out with a button, as the header would. */
function Harness({ onDecided }: { onDecided: (shown: readonly string[]) => void }) {
  const [isLoggedIn, setLoggedIn] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          // Signing out clears session storage, and with it the list of closed popups.
          if (isLoggedIn) sessionStorage.clear();
          setLoggedIn(!isLoggedIn);
        }}
      >
        switch
      </button>
      <PopupAnnouncements isLoggedIn={isLoggedIn} isFirstLogin={false} onDecided={onDecided} />
    </>
  );
}

/** A dialog the person opened (the login popup), open at first. */
function WithLogin({ onDecided }: { onDecided: (shown: readonly string[]) => void }) {
  const [loginOpen, setLoginOpen] = useState(true);
  return (
    <>
      {loginOpen && (
        <div role="dialog" aria-modal="true" aria-label="Login">
          <button type="button" onClick={() => setLoginOpen(false)}>
            close login
          </button>
        </div>
      )}
      <PopupAnnouncements isLoggedIn={false} isFirstLogin={false} onDecided={onDecided} />
    </>
  );
}

describe('popup announcements', () => {
  it('shows the guest popup (B) once per session: closed, it stays closed after a reload', async () => {
    const asked = serve();
    const user = userEvent.setup();
    const first = await renderUi(<PopupAnnouncements isLoggedIn={false} isFirstLogin={false} />);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome, guest' });
    expect(dialog.textContent).toContain('Guests');
    expect(asked).toEqual(['B']);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStorage.getItem('closedPopups')).toBe('B');
    first.unmount();

    // The component says it decided to show nothing (the audience was closed), with no call.
    const decided = vi.fn();
    await renderUi(<PopupAnnouncements isLoggedIn={false} isFirstLogin={false} onDecided={decided} />);
    await waitFor(() => expect(decided).toHaveBeenCalledWith([]));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(asked).toEqual(['B']);
  });

  it('shows it again on the next visit while it was never closed', async () => {
    serve();
    const first = await renderUi(<PopupAnnouncements isLoggedIn={false} isFirstLogin={false} />);
    await screen.findByRole('dialog', { name: 'Welcome, guest' });
    first.unmount();
    await renderUi(<PopupAnnouncements isLoggedIn={false} isFirstLogin={false} />);
    expect(await screen.findByRole('dialog', { name: 'Welcome, guest' })).toBeTruthy();
  });

  it('shows members the A popup, and a new member the first-login welcome (F), not "good to see you again"', async () => {
    const asked = serve();
    const user = userEvent.setup();
    const member = await renderUi(<PopupAnnouncements isLoggedIn isFirstLogin={false} />);
    expect(await screen.findByRole('dialog', { name: 'Good to see you again' })).toBeTruthy();
    member.unmount();

    await renderUi(<PopupAnnouncements isLoggedIn isFirstLogin />);
    const dialog = await screen.findByRole('dialog', { name: 'Your account is ready' });
    expect(asked.at(-1)).toBe('F,A');
    expect(dialog.textContent).toContain('First');
    expect(dialog.textContent).not.toContain('Good to see you again');
    expect(dialog.textContent).not.toContain('Welcome, guest');
    await user.keyboard('{Escape}');
    expect(sessionStorage.getItem('closedPopups')?.split(',').sort()).toEqual(['A', 'F']);
  });

  it('takes the guest popup away when the guest signs in while it is open', async () => {
    serve();
    const user = userEvent.setup();
    await renderUi(<Harness onDecided={() => {}} />);
    await screen.findByRole('dialog', { name: 'Welcome, guest' });
    // Signing in from elsewhere (another tab, the app link) while the guest popup is still open.
    await user.click(screen.getByRole('button', { name: 'switch', hidden: true }));
    expect(await screen.findByRole('dialog', { name: 'Good to see you again' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Welcome, guest' })).toBeNull();
  });

  it('never shows over a dialog the person opened: it waits until that one is closed', async () => {
    serve();
    const user = userEvent.setup();
    const decided = vi.fn();
    await renderUi(<WithLogin onDecided={decided} />);
    await waitFor(() => expect(decided).toHaveBeenCalledWith(['B']));
    expect(screen.getAllByRole('dialog').map((d) => d.getAttribute('aria-label'))).toEqual(['Login']);
    await user.click(screen.getByRole('button', { name: 'close login' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome, guest' })).toBeTruthy();
  });

  it('offers each audience once per page: signing out does not bring the guest popup back', async () => {
    const asked = serve();
    const user = userEvent.setup();
    const decided = vi.fn();
    await renderUi(<Harness onDecided={decided} />);
    await screen.findByRole('dialog', { name: 'Welcome, guest' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'switch' }));
    await screen.findByRole('dialog', { name: 'Good to see you again' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    decided.mockClear();
    await user.click(screen.getByRole('button', { name: 'switch' }));
    // Signed out again: the guest audience was already offered, so the decision is "none".
    await waitFor(() => expect(decided).toHaveBeenCalled());
    expect(decided.mock.calls.every(([shown]) => shown.length === 0)).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(asked).toEqual(['B', 'A']);
  });

  it('shows nothing when there is no popup for the audience', async () => {
    const decided = vi.fn();
    const calls = mockApi({
      'GET /wps/relay/announcements': {
        value: { banners: [], player: [], promotion: [], help: [], popup: [] },
      },
    });
    await renderUi(<PopupAnnouncements isLoggedIn={false} isFirstLogin={false} onDecided={decided} />);
    // Decided after the answer came (one call for the guest audience), not before it.
    await waitFor(() => expect(decided).toHaveBeenCalledWith([]));
    expect(calls.map((call) => call.path)).toEqual(['/wps/relay/announcements']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
