import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { AppError } from '../../lib/app-error';
import type { LedgerService, TransferInput } from './ledger.service';
import { verifyLedger } from './ledger-verify';

const WORKERS = 50;
const OPERATIONS = 20_000;
const MEMBERS = 200;
const FUNDING = 50_000n;

/** A small seeded PRNG (mulberry32) so a failing run can be replayed from its printed seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

let t: TestApp;
let sut: LedgerService;

beforeAll(async () => {
  t = await buildTestApp({ houseShards: 8 });
  sut = t.app.ledger;
});
afterAll(() => t.app.close());

describe('ledger under concurrency', () => {
  it(`keeps every invariant through ${OPERATIONS} random operations by ${WORKERS} concurrent workers`, async () => {
    const seed = Number(process.env.LEDGER_SEED ?? Date.now() % 2 ** 31);
    const random = prng(seed);
    const house = (key: string) => sut.houseAccountFor('BRL', key);

    const members: bigint[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const { cash } = await sut.openAccounts(`load-${i}`, 'BRL');
      members.push(cash);
    }
    for (const [i, cash] of members.entries()) {
      const key = `fund:${i}`;
      await sut.transfer({
        idempotencyKey: key,
        debitAccountId: house(key),
        creditAccountId: cash,
        amount: FUNDING,
        currency: 'BRL',
        kind: 'deposit',
      });
    }

    // What the test itself saw succeed: key → transfer id, and the input for later retries.
    const posted = new Map<string, { transferId: bigint; input: TransferInput }>();
    const postedKeys: string[] = [];
    const record = (key: string, transferId: bigint, input: TransferInput) => {
      posted.set(key, { transferId, input });
      postedKeys.push(key);
    };
    const pickEarlier = () => {
      const key = postedKeys[random(Math.max(postedKeys.length, 1))];
      return key === undefined ? undefined : ([key, posted.get(key)] as const);
    };
    const reversed = new Set<bigint>();
    const expected = new Map<bigint, bigint>(members.map((m) => [m, FUNDING]));
    const move = (debit: bigint, credit: bigint, amount: bigint) => {
      if (expected.has(debit)) expected.set(debit, (expected.get(debit) as bigint) - amount);
      if (expected.has(credit)) expected.set(credit, (expected.get(credit) as bigint) + amount);
    };
    const outcomes: Record<string, number> = {};
    const count = (name: string) => {
      outcomes[name] = (outcomes[name] ?? 0) + 1;
    };

    let next = 0;
    const worker = async () => {
      while (next < OPERATIONS) {
        const op = next++;
        const key = `op:${seed}:${op}`;
        const member = members[random(MEMBERS)] as bigint;
        const amount = BigInt(1 + random(20_000));
        const roll = random(100);
        try {
          if (roll < 35) {
            const input: TransferInput = {
              idempotencyKey: key,
              debitAccountId: member,
              creditAccountId: house(key),
              amount,
              currency: 'BRL',
              kind: 'bet',
            };
            const r = await sut.transfer(input);
            record(key, r.transferId, input);
            move(member, house(key), amount);
            count('bet');
          } else if (roll < 60) {
            const input: TransferInput = {
              idempotencyKey: key,
              debitAccountId: house(key),
              creditAccountId: member,
              amount,
              currency: 'BRL',
              kind: 'win',
            };
            const r = await sut.transfer(input);
            record(key, r.transferId, input);
            move(house(key), member, amount);
            count('win');
          } else if (roll < 75) {
            let other = members[random(MEMBERS)] as bigint;
            if (other === member) other = members[(members.indexOf(member) + 1) % MEMBERS] as bigint;
            const input: TransferInput = {
              idempotencyKey: key,
              debitAccountId: member,
              creditAccountId: other,
              amount,
              currency: 'BRL',
              kind: 'transfer',
            };
            const r = await sut.transfer(input);
            record(key, r.transferId, input);
            move(member, other, amount);
            count('transfer');
          } else if (roll < 85) {
            const earlier = pickEarlier()?.[1];
            if (!earlier || reversed.has(earlier.transferId)) continue;
            const r = await sut.reverse({ idempotencyKey: `rev:${key}`, transferId: earlier.transferId });
            expect(reversed.has(earlier.transferId)).toBe(false);
            reversed.add(earlier.transferId);
            record(`rev:${key}`, r.transferId, { ...earlier.input, idempotencyKey: `rev:${key}` });
            move(earlier.input.creditAccountId, earlier.input.debitAccountId, earlier.input.amount);
            count('reversal');
          } else if (roll < 95) {
            const earlier = pickEarlier();
            if (!earlier?.[1] || earlier[0].startsWith('rev:')) continue;
            const r = await sut.transfer(earlier[1].input);
            expect(r.replayed).toBe(true);
            expect(r.transferId).toBe(earlier[1].transferId);
            count('retry-same');
          } else {
            const earlier = pickEarlier();
            if (!earlier?.[1] || earlier[0].startsWith('rev:')) continue;
            await expect(
              sut.transfer({ ...earlier[1].input, amount: earlier[1].input.amount + 1n }),
            ).rejects.toMatchObject({
              code: 'IDEMPOTENCY_MISMATCH',
            });
            count('retry-changed');
          }
        } catch (error) {
          if (error instanceof AppError && ['INSUFFICIENT_FUNDS', 'ALREADY_REVERSED'].includes(error.code)) {
            count(error.code);
            continue;
          }
          throw new Error(`seed ${seed}, operation ${op}: ${(error as Error).message}`, { cause: error });
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));

    const verdict = await verifyLedger(t.db);
    expect(verdict.breaches, `seed ${seed}`).toEqual([]);

    // Every member balance is exactly what the successful operations add up to; none is negative.
    const rows = await t.db.query<{ id: bigint; balance: bigint }>(
      `select id, balance from ledger_accounts where owner_type = 'member' and kind = 'cash' and owner_id like 'load-%'`,
    );
    for (const row of rows) {
      expect(row.balance, `account ${row.id}, seed ${seed}`).toBe(expected.get(row.id));
      expect(row.balance >= 0n).toBe(true);
    }
    // Money is conserved: what the members hold is exactly what the house gave out.
    const memberTotal = rows.reduce((sum, r) => sum + r.balance, 0n);
    expect(memberTotal + (await sut.getHouseBalance('BRL'))).toBe(0n);

    // Each idempotency key produced exactly one transfer, and nothing else was written.
    const [{ n } = { n: 0n }] = await t.db.query<{ n: bigint }>(
      `select count(*) as n from ledger_transfers where idempotency_key like 'op:%' or idempotency_key like 'rev:op:%'`,
    );
    expect(n).toBe(BigInt(posted.size));
    const [{ dup } = { dup: 0n }] = await t.db.query<{ dup: bigint }>(
      'select count(*) as dup from (select idempotency_key from ledger_transfers group by 1 having count(*) > 1) x',
    );
    expect(dup).toBe(0n);

    // The mix really exercised every path.
    for (const path of [
      'bet',
      'win',
      'transfer',
      'reversal',
      'retry-same',
      'retry-changed',
      'INSUFFICIENT_FUNDS',
    ]) {
      expect(outcomes[path] ?? 0, `${path} in ${JSON.stringify(outcomes)}`).toBeGreaterThan(0);
    }
  }, 180_000);
});
