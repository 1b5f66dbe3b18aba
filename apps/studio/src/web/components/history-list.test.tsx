import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInGame, stubFetch } from '../test/game-harness';
import { readVerifyParams } from '../verify/verify-link';
import { HistoryList } from './history-list';

const seed = 'b'.repeat(64);

describe('bet history', () => {
  it('lists the last bets with a verify link that fills in the bet, or a lock until the seed is revealed', async () => {
    const calls = stubFetch({
      '/history': [
        {
          roundId: 'r2',
          gameCode: 'dice',
          stake: 1000,
          payout: 0,
          multiplierBp: 0,
          outcome: { roll: 1200, win: false, direction: 'under', target: 1000 },
          params: { direction: 'under', target: 1000 },
          serverSeedHash: 'c'.repeat(64),
          clientSeed: 'mine',
          nonce: 0,
          serverSeed: null,
          createdAt: '2026-11-23T11:40:00.000Z',
        },
        {
          roundId: 'r1',
          gameCode: 'dice',
          stake: 1000,
          payout: 1980,
          multiplierBp: 19800,
          outcome: { roll: 5219, win: true, direction: 'over', target: 5000 },
          params: { direction: 'over', target: 5000 },
          serverSeedHash: 'a'.repeat(64),
          clientSeed: 'mine',
          nonce: 7,
          serverSeed: seed,
          createdAt: '2026-11-23T11:39:04.536Z',
        },
      ],
    });
    renderInGame(<HistoryList />);
    const verify = await screen.findByRole('link', { name: 'Verify' });
    expect(calls[0]?.url).toBe('/studio/api/history?gameCode=dice&limit=20');
    const href = verify.getAttribute('href') ?? '';
    expect(href.startsWith('/studio/verify?')).toBe(true);
    expect(readVerifyParams(href.slice(href.indexOf('?')))).toMatchObject({
      game: 'dice',
      serverSeed: seed,
      clientSeed: 'mine',
      nonce: 7,
      direction: 'over',
      target: 5000,
    });
    expect(screen.getByRole('link', { name: /Rotate your seeds/ })).toBeTruthy();
    expect(screen.getByText('R$ 19.80')).toBeTruthy();
    expect(screen.getByText('1.98×')).toBeTruthy();
  });

  it("shows a bet's time as the site does: the merchant's wall clock, 24-hour", async () => {
    // 23:10:05 UTC is 20:10:05 in São Paulo (the Brazil merchant, whose currency the wallet is in);
    // the deposit page, messages and account record of the web app show the same 20:10.
    stubFetch({
      '/history': [
        {
          roundId: 'r3',
          gameCode: 'dice',
          stake: 1000,
          payout: 0,
          multiplierBp: 0,
          outcome: { roll: 1200, win: false, direction: 'under', target: 1000 },
          params: { direction: 'under', target: 1000 },
          serverSeedHash: 'c'.repeat(64),
          clientSeed: 'mine',
          nonce: 0,
          serverSeed: null,
          createdAt: '2026-11-23T23:10:05.000Z',
        },
      ],
    });
    renderInGame(<HistoryList />);
    expect(await screen.findByText('20:10:05')).toBeTruthy();
    expect(screen.queryByText(/PM|AM/)).toBeNull();
  });

  it('says so when there are no bets yet', async () => {
    stubFetch({ '/history': [] });
    renderInGame(<HistoryList />);
    expect(await screen.findByText('No bets yet. Your last 20 bets will show here.')).toBeTruthy();
  });
});
