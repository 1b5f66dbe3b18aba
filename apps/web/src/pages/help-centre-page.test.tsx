import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeInterfaceLanguage } from '../lib/i18n';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render-app';

afterEach(async () => {
  vi.unstubAllGlobals();
  if (i18next.isInitialized) await changeInterfaceLanguage('EN');
});

const helpCentre = {
  'GET /wps/system/helpCenter': {
    value: {
      language: 'EN',
      categories: [
        {
          key: 'account',
          title: 'Account',
          articles: [
            {
              id: 1,
              title: 'How do I create an account?',
              content: '<p>Choose <strong>Register</strong>.</p>',
            },
            {
              id: 2,
              title: 'I forgot my password',
              content:
                '<p onclick="steal()">Use the reset link.</p><img src="x" onerror="steal()"><script>steal()</script><a href="https://help.example">More</a>',
            },
          ],
        },
        {
          key: 'payments',
          title: 'Deposits and withdrawals',
          articles: [{ id: 4, title: 'How do I make a deposit?', content: '<p>Choose PIX.</p>' }],
        },
      ],
    },
  },
};

describe('help centre', () => {
  it('lists articles by category and shows each one sanitised', async () => {
    const user = userEvent.setup();
    const calls = mockApi(helpCentre);
    await renderApp('/helpmc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help centre' })).toBeTruthy();
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(within(account).getAllByRole('group')).toHaveLength(2);
    await user.click(within(account).getByText('I forgot my password'));
    const article = document.getElementById('help-2') as HTMLDetailsElement;
    expect(article.open).toBe(true);
    expect(article.textContent).toContain('Use the reset link.');
    expect(article.innerHTML).not.toMatch(/<script|onerror|onclick/);
    expect(within(article).getByRole('link', { name: 'More' }).getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
    const call = calls.find((c) => c.path === '/wps/system/helpCenter');
    expect(call).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('lang=EN&device=WEB'))).toBe(
      true,
    );
  });

  it('opens the article a link points at', async () => {
    mockApi(helpCentre);
    await renderApp('/helpmc#help-4');
    await screen.findByRole('heading', { level: 1, name: 'Help centre' });
    await vi.waitFor(() => expect((document.getElementById('help-4') as HTMLDetailsElement).open).toBe(true));
    expect((document.getElementById('help-1') as HTMLDetailsElement).open).toBe(false);
  });

  it('narrows the articles as one searches', async () => {
    const user = userEvent.setup();
    mockApi(helpCentre);
    await renderApp('/helpmc');
    await user.type(await screen.findByRole('searchbox', { name: 'Search help' }), 'pix');
    const main = within(screen.getByRole('main'));
    expect(main.getByText('How do I make a deposit?')).toBeTruthy();
    expect(main.queryByText('I forgot my password')).toBeNull();
    await user.clear(screen.getByRole('searchbox', { name: 'Search help' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search help' }), 'zzz');
    expect(screen.getByText('No article matches your search.')).toBeTruthy();
  });

  it('says when the help centre cannot be loaded and tries again', async () => {
    const user = userEvent.setup();
    let up = false;
    mockApi({
      'GET /wps/system/helpCenter': () =>
        up ? helpCentre['GET /wps/system/helpCenter'] : { status: 503, code: 'DOWN', message: 'Down' },
    });
    await renderApp('/helpmc');
    // The page's own alert (the shell around it may have one of its own: no games are mocked here).
    const message = await screen.findByText(/The help centre could not be loaded\./, {}, { timeout: 4000 });
    const alert = message.closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('the message is not in an alert');
    up = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(screen.getByRole('main')).findByText('How do I make a deposit?')).toBeTruthy();
  });
});
