import type {
  ContractTerms,
  DividendTerms,
  RealtimeSalaryTerms,
  SalaryTerms,
} from '@sorte/shared/contracts/agent-contracts';
import { describe, expect, it } from 'vitest';
import {
  capTerms,
  capViolation,
  contractEarning,
  emptyFigures,
  firstTierOutOfOrder,
  levelDifference,
  type TeamFigures,
} from './settlement-math';

const figures = (over: Partial<TeamFigures>): TeamFigures => ({ ...emptyFigures(), ...over });

// Amounts below are in minor units (centavos): 1_000_000 = 10,000.00.
const dividend: DividendTerms = {
  kind: 'dividend',
  period: 'W',
  minBetAmount: 10_000,
  minActiveMembers: 3,
  feeRateBp: 1_000, // 10 %
  tiers: [
    { minTurnover: 0, minActiveMembers: 0, rateBp: 2_000 }, // 20 %
    { minTurnover: 1_000_000, minActiveMembers: 5, rateBp: 3_000 }, // 30 % from 10,000.00 and 5 active
  ],
};

const daily: SalaryTerms = {
  kind: 'dailySalary',
  minBetAmount: 5_000,
  minActiveMembers: 3,
  feeRateBp: 200, // 2 %
  tiers: [
    { minTurnover: 0, minActiveMembers: 3, rateBp: 50 }, // 0.5 %
    { minTurnover: 5_000_000, minActiveMembers: 10, rateBp: 80 }, // 0.8 % from 50,000.00 and 10 active
  ],
};

const realtime: RealtimeSalaryTerms = {
  kind: 'realtimeSalary',
  minBetAmount: 1_000,
  minActiveMembers: 1,
  feeRateBp: 0,
  winRateBp: 30,
  lossRateBp: 50,
  singleBetRateBp: 10,
};

describe('dividend arithmetic', () => {
  it('carries a losing week over and takes it off the next week before the fee and the rate', () => {
    // Week 1: the team won 500.00 from the house: nothing earned, -500.00 carried.
    const week1 = contractEarning(
      dividend,
      figures({ netLoss: -50_000n, validTurnover: 800_000n, activeMembers: 4 }),
    );
    expect(week1).toMatchObject({ amount: 0n, carryOut: -50_000n });
    // Week 2: net loss 2,000.00 - 500.00 carried = 1,500.00; fee 10 % = 150.00; 30 % tier of 1,350.00 = 405.00.
    const week2 = contractEarning(
      dividend,
      figures({ netLoss: 200_000n, validTurnover: 2_000_000n, activeMembers: 6 }),
      week1.carryOut,
    );
    expect(week2).toMatchObject({
      gross: 150_000n,
      fee: 15_000n,
      rateBp: 3_000,
      tier: 1,
      amount: 40_500n,
      carryOut: 0n,
    });
  });

  it('floors to the centavo: 1,000.01 net loss, fee 100.00, 20 % of 900.01 is 180.00', () => {
    const week = contractEarning(
      dividend,
      figures({ netLoss: 100_001n, validTurnover: 500_000n, activeMembers: 4 }),
    );
    expect(week).toMatchObject({ fee: 10_000n, tier: 0, amount: 18_000n });
  });

  it('pays nothing below the minimum active members and carries no positive balance', () => {
    const week = contractEarning(
      dividend,
      figures({ netLoss: 300_000n, validTurnover: 2_000_000n, activeMembers: 2 }),
    );
    expect(week).toMatchObject({ amount: 0n, qualified: false, carryOut: 0n });
  });

  it('keeps a loss carried through a period that did not qualify', () => {
    const week = contractEarning(dividend, figures({ netLoss: 20_000n, activeMembers: 0 }), -50_000n);
    expect(week).toMatchObject({ amount: 0n, carryOut: -30_000n });
  });
});

describe('daily and hourly salary arithmetic', () => {
  it('uses the higher tier when turnover and active members both reach it', () => {
    // 60,000.00 turnover, fee 2 % = 1,200.00, 0.8 % of 58,800.00 = 470.40.
    const day = contractEarning(daily, figures({ validTurnover: 6_000_000n, activeMembers: 12 }));
    expect(day).toMatchObject({ fee: 120_000n, tier: 1, rateBp: 80, amount: 47_040n });
  });

  it('stays on the lower tier when active members fall short of the higher one', () => {
    // 0.5 % of 58,800.00 = 294.00.
    const day = contractEarning(daily, figures({ validTurnover: 6_000_000n, activeMembers: 9 }));
    expect(day).toMatchObject({ tier: 0, amount: 29_400n });
  });

  it('floors to the centavo: 12,345.67 turnover earns 60.49', () => {
    // fee 2 % = 246.9134 -> 246.91; base 12,098.76; 0.5 % = 60.4938 -> 60.49.
    const day = contractEarning(daily, figures({ validTurnover: 1_234_567n, activeMembers: 3 }));
    expect(day).toMatchObject({ fee: 24_691n, amount: 6_049n });
  });

  it('earns nothing below the minimum active members', () => {
    const hour = contractEarning(
      { ...daily, kind: 'hourlySalary' },
      figures({ validTurnover: 9_000_000n, activeMembers: 2 }),
    );
    expect(hour).toMatchObject({ amount: 0n, qualified: false, tier: null });
  });
});

describe('real-time salary arithmetic', () => {
  it('adds the win, loss and single-bet rates on their own turnovers', () => {
    // 0.3 % of 1,000.00 + 0.5 % of 3,000.00 + 0.1 % of 500.00 = 3.00 + 15.00 + 0.50.
    const slot = contractEarning(
      realtime,
      figures({
        wonTurnover: 100_000n,
        lostTurnover: 300_000n,
        singleBetTurnover: 50_000n,
        activeMembers: 1,
      }),
    );
    expect(slot.amount).toBe(1_850n);
    const withFee = contractEarning(
      { ...realtime, feeRateBp: 1_000 },
      figures({
        wonTurnover: 100_000n,
        lostTurnover: 300_000n,
        singleBetTurnover: 50_000n,
        activeMembers: 1,
      }),
    );
    expect(withFee).toMatchObject({ fee: 45_000n, amount: 1_665n });
  });

  it('floors once over the sum: 3.33 won and 3.33 lost earn 0.02', () => {
    const slot = contractEarning(
      realtime,
      figures({ wonTurnover: 333n, lostTurnover: 333n, activeMembers: 1 }),
    );
    expect(slot.amount).toBe(2n);
  });
});

describe('level difference over three levels', () => {
  // A (top, house contract 1 %) > B (0.7 %, given by A) > C (0.4 %, given by B). No fee, no minimum.
  const flat = (rateBp: number): SalaryTerms => ({
    kind: 'dailySalary',
    minBetAmount: 0,
    minActiveMembers: 0,
    feeRateBp: 0,
    tiers: [{ minTurnover: 0, minActiveMembers: 0, rateBp }],
  });
  // C's team bets 10,000.00; B's direct members 5,000.00; A's direct members 20,000.00.
  const teamC = 1_000_000n;
  const teamB = teamC + 500_000n;
  const teamA = teamB + 2_000_000n;

  it('pays each agent its rate on its whole team minus what it owes its direct downline', () => {
    const c = contractEarning(flat(40), figures({ validTurnover: teamC })).amount;
    const b = contractEarning(flat(70), figures({ validTurnover: teamB })).amount;
    const a = contractEarning(flat(100), figures({ validTurnover: teamA })).amount;
    expect([a, b, c]).toEqual([35_000n, 10_500n, 4_000n]);
    expect(levelDifference(c, [])).toEqual({ earned: 4_000n, owed: 0n, net: 4_000n });
    expect(levelDifference(b, [c])).toEqual({ earned: 10_500n, owed: 4_000n, net: 6_500n });
    expect(levelDifference(a, [b])).toEqual({ earned: 35_000n, owed: 10_500n, net: 24_500n });
    // The house pays A's contract only; the three nets share exactly that.
    expect(4_000n + 6_500n + 24_500n).toBe(a);
  });
});

describe('rate caps', () => {
  it('accepts a downline with the same or lower tiers', () => {
    expect(capViolation(daily, daily)).toBeNull();
    expect(
      capViolation(
        { ...daily, tiers: [{ minTurnover: 6_000_000, minActiveMembers: 12, rateBp: 80 }] },
        daily,
      ),
    ).toBeNull();
  });

  it('names the tier whose rate is above what the upline gets at the same thresholds', () => {
    const above = { ...daily, tiers: [{ minTurnover: 1_000_000, minActiveMembers: 3, rateBp: 60 }] };
    expect(capViolation(above, daily)).toEqual({ field: 'tiers.0.rateBp', rateBp: 60, uplineRateBp: 50 });
  });

  it('compares each real-time rate and refuses a dividend of another period', () => {
    expect(capViolation({ ...realtime, lossRateBp: 51 }, realtime)).toEqual({
      field: 'lossRateBp',
      rateBp: 51,
      uplineRateBp: 50,
    });
    expect(capViolation({ ...dividend, period: 'M' }, dividend)?.field).toBe('period');
    expect(capViolation(daily, dividend as ContractTerms)?.field).toBe('kind');
  });

  it('lowers a downline to its upline for the cascade offer', () => {
    const lower = { ...daily, tiers: [{ minTurnover: 0, minActiveMembers: 3, rateBp: 30 }] };
    const capped = capTerms(daily, lower);
    expect(capped).toMatchObject({ tiers: [{ rateBp: 30 }, { rateBp: 30 }] });
    expect(capViolation(capped, lower)).toBeNull();
    expect(capTerms({ ...realtime, winRateBp: 90 }, realtime)).toMatchObject({ winRateBp: 30 });
  });

  it('finds tiers listed out of order', () => {
    expect(firstTierOutOfOrder(daily.tiers)).toBe(-1);
    expect(firstTierOutOfOrder([...daily.tiers].reverse())).toBe(1);
  });
});
