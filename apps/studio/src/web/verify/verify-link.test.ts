import { describe, expect, it } from 'vitest';
import type { HistoryRow } from '../lib/types';
import { historyRowToVerify, isVerifiable, readVerifyParams, verifyHref } from './verify-link';

const row = (over: Partial<HistoryRow>): HistoryRow => ({
  roundId: 'r1',
  gameCode: 'dice',
  stake: 1000,
  payout: 1980,
  multiplierBp: 19800,
  outcome: { roll: 5219, win: true, direction: 'over', target: 5000 },
  params: { direction: 'over', target: 5000 },
  serverSeedHash: 'a'.repeat(64),
  clientSeed: 'my seed',
  nonce: 2,
  serverSeed: 'b'.repeat(64),
  state: 'settled',
  createdAt: '2026-11-23T11:39:04.536Z',
  ...over,
});

describe('history row → verify link', () => {
  it('carries the seeds and the choices of a dice bet to the verify page', () => {
    const href = verifyHref(historyRowToVerify(row({})));
    expect(href.startsWith('/studio/verify?')).toBe(true);
    expect(readVerifyParams(href.slice(href.indexOf('?')))).toEqual({
      game: 'dice',
      serverSeed: 'b'.repeat(64),
      serverSeedHash: 'a'.repeat(64),
      clientSeed: 'my seed',
      nonce: 2,
      stake: 1000,
      direction: 'over',
      target: 5000,
    });
  });

  it('takes the mine count from params, not the mine positions of the outcome', () => {
    const params = historyRowToVerify(
      row({ gameCode: 'mines', params: { mines: 3 }, outcome: { mines: [11, 9, 3], revealed: [0] } }),
    );
    expect(params.mines).toBe(3);
    expect(
      historyRowToVerify(row({ gameCode: 'mines', params: undefined, outcome: { mines: [4, 5] } })).mines,
    ).toBe(2);
  });

  it('links plinko rows with rows and risk, and crash rows with their game hash', () => {
    expect(historyRowToVerify(row({ gameCode: 'plinko', params: { rows: 12, risk: 'high' } }))).toMatchObject(
      {
        rows: 12,
        risk: 'high',
      },
    );
    const crash = row({
      gameCode: 'crash',
      serverSeed: null,
      serverSeedHash: null,
      clientSeed: null,
      nonce: null,
      params: undefined,
      outcome: { gameId: 41, cashedOutAt: 150, crashPoint: 212, hash: 'c'.repeat(64) },
    });
    expect(historyRowToVerify(crash)).toEqual({
      game: 'crash',
      hash: 'c'.repeat(64),
      gameId: 41,
      stake: 1000,
    });
    expect(isVerifiable(crash)).toBe(true);
  });

  it('marks bets whose server seed is still secret as not yet verifiable', () => {
    expect(isVerifiable(row({ serverSeed: null }))).toBe(false);
    expect(isVerifiable(row({ gameCode: 'crash', outcome: { gameId: 1, cashedOutAt: null } }))).toBe(false);
  });

  it('ignores malformed query values', () => {
    expect(readVerifyParams('?game=poker&nonce=-1&risk=wild&direction=up&rows=12')).toEqual({ rows: 12 });
  });
});
