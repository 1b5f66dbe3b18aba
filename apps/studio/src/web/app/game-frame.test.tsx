import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../lib/i18n';
import { stubFetch } from '../test/game-harness';
import { GameFrame } from './game-frame';

const session = {
  session: 's3cret',
  playerId: 'p1',
  currency: 'BRL',
  balance: 100_000,
  gameCode: 'dice',
  fairness: { serverSeedHash: 'a'.repeat(64), clientSeed: 'seed', nonce: 4 },
};

function frame(token: string | null, lang: 'en' | 'pt' = 'en') {
  return render(
    <I18nProvider lang={lang}>
      <GameFrame gameCode="dice" token={token} returnUrl="/bonus" />
    </I18nProvider>,
  );
}

describe('game frame launch', () => {
  it('opens the session with the launch token and shows the balance, then keeps it across a reload', async () => {
    const calls = stubFetch({
      '/api/session': session,
      '/api/history': [],
      '/api/balance': { balance: 99_000, currency: 'BRL' },
      '/api/fairness': session.fairness,
    });
    const first = frame('tok-1');
    expect((await screen.findByTestId('studio-balance')).textContent).toBe('R$ 1,000.00');
    expect(await screen.findByRole('button', { name: 'Roll' })).toBeTruthy();
    expect(JSON.parse(String(calls.find((c) => c.url.endsWith('/session'))?.init?.body))).toEqual({
      token: 'tok-1',
      gameCode: 'dice',
    });
    first.unmount();

    // The iframe reloads with the same (now used) token: the stored session is reused.
    frame('tok-1');
    expect((await screen.findByTestId('studio-balance')).textContent).toBe('R$ 990.00');
    expect(calls.filter((c) => c.url.endsWith('/session'))).toHaveLength(1);
    const balanceCall = calls.find((c) => c.url.endsWith('/api/balance'));
    expect(new Headers(balanceCall?.init?.headers).get('x-studio-session')).toBe('s3cret');
  });

  it('opens the game under React development mode (effects run twice) with a launch token that works once', async () => {
    // The platform's launch token is single use: a second exchange of it is refused, as on the server.
    const calls: string[] = [];
    let exchanged = false;
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.endsWith('/api/session')) {
        if (exchanged) return json({ error: { code: 'INVALID_LAUNCH_TOKEN', message: 'used' } }, 401);
        exchanged = true;
        return json(session);
      }
      if (url.includes('/api/history')) return json([]);
      return json({ error: { code: 'NOT_FOUND', message: url } }, 404);
    }) as typeof fetch;
    render(
      <StrictMode>
        <I18nProvider lang="en">
          <GameFrame gameCode="dice" token="tok-strict" returnUrl="/bonus" />
        </I18nProvider>
      </StrictMode>,
    );
    expect(await screen.findByRole('button', { name: 'Roll' })).toBeTruthy();
    expect((await screen.findByTestId('studio-balance')).textContent).toBe('R$ 1,000.00');
    expect(screen.queryByRole('heading', { name: 'This game link has expired' })).toBeNull();
    expect(calls.filter((url) => url.endsWith('/api/session'))).toHaveLength(1);
  });

  it('explains an expired launch link and offers the way back to the lobby', async () => {
    globalThis.fetch = (async () =>
      new Response(JSON.stringify({ error: { code: 'INVALID_LAUNCH_TOKEN', message: 'used' } }), {
        status: 401,
      })) as typeof fetch;
    frame('old', 'pt');
    expect(await screen.findByRole('heading', { name: 'Este link de jogo expirou' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar ao lobby' }).getAttribute('href')).toBe('/bonus');
  });
});
