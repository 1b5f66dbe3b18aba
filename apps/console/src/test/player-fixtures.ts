import type { Adjustment, PlayerDetail, PlayerSummary } from '@sorte/shared/contracts/console';

export function playerSummary(overrides: Partial<PlayerSummary> = {}): PlayerSummary {
  return {
    id: '42',
    username: 'player42',
    merchantCode: 'BR',
    type: 0,
    mobile: '5511988887777',
    email: 'p42@example.com',
    blocked: false,
    createdAt: '2026-11-01T12:00:00.000Z',
    registrationIp: '203.0.113.7',
    lastSignInAt: '2026-11-26T10:00:00.000Z',
    ...overrides,
  };
}

export function playerDetail(overrides: Partial<PlayerDetail> = {}): PlayerDetail {
  return {
    ...playerSummary(),
    nickname: 'Quarenta e dois',
    uplineUsername: 'agent7',
    currency: 'BRL',
    balances: { cash: 123_456, bonus: 5_000, locked: 0, points: 10 },
    block: null,
    sessions: [
      {
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/130',
        createdAt: '2026-11-26T10:00:00.000Z',
        lastSeenAt: '2026-11-26T10:30:00.000Z',
        active: true,
      },
      {
        ip: '198.51.100.4',
        userAgent: null,
        createdAt: '2026-11-20T08:00:00.000Z',
        lastSeenAt: '2026-11-20T09:00:00.000Z',
        active: false,
      },
    ],
    knownIps: [
      {
        ip: '203.0.113.7',
        firstSeenAt: '2026-11-01T12:00:00.000Z',
        lastSeenAt: '2026-11-26T10:30:00.000Z',
        otherPlayers: 3,
      },
      {
        ip: '198.51.100.4',
        firstSeenAt: '2026-11-20T08:00:00.000Z',
        lastSeenAt: '2026-11-20T09:00:00.000Z',
        otherPlayers: 0,
      },
    ],
    ...overrides,
  };
}

export function adjustment(overrides: Partial<Adjustment> = {}): Adjustment {
  return {
    id: '7',
    memberId: '42',
    username: 'player42',
    merchantCode: 'BR',
    currency: 'BRL',
    account: 'cash',
    direction: 'credit',
    amount: 150_000,
    reason: 'Goodwill after an outage',
    requestedBy: 'bruno',
    requestedAt: '2026-11-26T09:00:00.000Z',
    status: 'pending',
    needsSecondOperator: true,
    decidedBy: null,
    decidedAt: null,
    decisionReason: null,
    transferId: null,
    ...overrides,
  };
}

export const pageOf = <T>(rows: T[]) => ({
  value: { content: rows, pageNum: 1, totalPages: rows.length > 0 ? 1 : 0, total: rows.length },
});
