import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { verifyLedger } from '../ledger/ledger-verify';
import { cashOf, fund, registerAgent, registerMember, type TestMember } from '../records/test-support';

let t: TestApp;
let agent: TestMember;

beforeAll(async () => {
  t = await buildTestApp();
  agent = await registerAgent(t.app, 'agenteconc1', 'CONCAG01');
});
afterAll(() => t.app.close());

const transferToUpline = (member: TestMember, amount: number, requestId = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/relay/transferToUpline',
    headers: { token: member.token },
    payload: { amount, requestId },
  });

describe('member transfers under concurrency', () => {
  it('moves only what fits when 20 transfers to the upline race past the balance; never negative', async () => {
    const ana = await registerMember(t.app, 'anaconc1', { affiliateCode: 'CONCAG01' });
    await fund(t.app, ana.id, 1_000n);
    const agentBefore = await cashOf(t.app, agent.id);

    const answers = await Promise.all(Array.from({ length: 20 }, () => transferToUpline(ana, 150)));
    const accepted = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(accepted).toHaveLength(6);
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().code).toBe('INSUFFICIENT_FUNDS');
    }
    // Each accepted transfer saw a distinct balance on the way down.
    expect(accepted.map((r) => r.json().value.balance).sort((a, b) => a - b)).toEqual([
      100, 250, 400, 550, 700, 850,
    ]);
    expect(await cashOf(t.app, ana.id)).toBe(100n);
    expect(await cashOf(t.app, agent.id)).toBe(agentBefore + 900n);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('moves a repeated requestId once however many copies race, with both directions of the tree at once', async () => {
    const members: TestMember[] = [];
    for (let i = 0; i < 5; i++) {
      const member = await registerMember(t.app, `conctree${i}`, { affiliateCode: 'CONCAG01' });
      await fund(t.app, member.id, 500n);
      members.push(member);
    }
    await fund(t.app, agent.id, 5_000n);
    const agentBefore = await cashOf(t.app, agent.id);
    const requestIds = members.map(() => randomUUID());

    const calls = members.flatMap((member, i) => [
      // Five copies of the same upline transfer, and the agent paying the member at the same time.
      ...Array.from({ length: 5 }, () => transferToUpline(member, 300, requestIds[i])),
      t.app.inject({
        method: 'POST',
        url: '/wps/relay/transferToDownline',
        headers: { token: agent.token },
        payload: { downlineId: member.id.toString(), amount: 100, requestId: randomUUID() },
      }),
    ]);
    const answers = await Promise.all(calls);
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    for (const [i, member] of members.entries()) {
      const copies = answers.slice(i * 6, i * 6 + 5).map((r) => r.json().value);
      expect(new Set(copies.map((c) => c.transferId)).size).toBe(1);
      expect(copies.filter((c) => !c.replayed)).toHaveLength(1);
      expect(await cashOf(t.app, member.id)).toBe(500n - 300n + 100n);
    }
    expect(await cashOf(t.app, agent.id)).toBe(agentBefore + 5n * 300n - 5n * 100n);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });
});
