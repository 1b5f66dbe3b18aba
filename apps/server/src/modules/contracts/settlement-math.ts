import type {
  ContractTerms,
  ContractTier,
  DividendTerms,
  RealtimeSalaryTerms,
  SalaryTerms,
} from '@sorte/shared/contracts/agent-contracts';

/**
 * What a contract earns for one period, from its team's figures (DECISIONS: level difference,
 * dividend, active member). Pure: the figures come in as plain numbers, so this is tested alone and
 * the settlement run only has to read them.
 *
 * Rounding: every amount is floored to the minor unit; the fraction stays with the payer (the house
 * or the upline). A rate is applied once to the whole base (never per member or per bet), so the loss
 * to rounding is below one minor unit per contract and period.
 */

/** A team's figures for one period. The team is every member below the agent, at every level. */
export type TeamFigures = {
  /** Sum of the team's valid turnover (stakes of settled bets). */
  validTurnover: bigint;
  /** Team members whose own valid turnover reached the contract's minimum bet amount. */
  activeMembers: number;
  /** The house's result on the team: stakes − payouts − bonuses. Negative when the team won. */
  netLoss: bigint;
  /** Real-time salary: turnover of bets the players won, and of bets they lost. */
  wonTurnover: bigint;
  lostTurnover: bigint;
  /** Real-time salary: turnover of single bets of at least the contract's minimum bet amount. */
  singleBetTurnover: bigint;
  /** Hourly and real-time figures also carry the team's bets, wins and bet count (for the payable's
   * details; the arithmetic does not use them). */
  bets?: bigint;
  wins?: bigint;
  betCount?: number;
};

export const emptyFigures = (): TeamFigures => ({
  validTurnover: 0n,
  activeMembers: 0,
  netLoss: 0n,
  wonTurnover: 0n,
  lostTurnover: 0n,
  singleBetTurnover: 0n,
});

export type Earning = {
  /** What the contract's payer owes the agent for the period. */
  amount: bigint;
  /** The base before the fee (net loss after carry-over, or turnover). */
  gross: bigint;
  /** The fee taken off the base before the rate. */
  fee: bigint;
  /** The rate applied (for real-time salary, 0: it has three). */
  rateBp: number;
  /** Index of the tier reached, or null. */
  tier: number | null;
  /** False when the minimum active members was not met (nothing earned). */
  qualified: boolean;
  /** Dividend only: the negative balance carried into the next period (0 or less). */
  carryOut: bigint;
};

const BP = 10_000n;

/** amount × rate, floored to the minor unit (the remainder stays with the payer). Amount ≥ 0. */
export const applyRate = (amount: bigint, rateBp: number): bigint => (amount * BigInt(rateBp)) / BP;

/** The highest tier reached (tiers are ordered from the lowest up), or null. */
export function tierReached(tiers: readonly ContractTier[], turnover: bigint, activeMembers: number) {
  let reached: number | null = null;
  tiers.forEach((tier, index) => {
    if (turnover >= BigInt(tier.minTurnover) && activeMembers >= tier.minActiveMembers) reached = index;
  });
  return reached as number | null;
}

/** The rate the tiers give at these figures (0 when no tier is reached). */
export function rateAt(tiers: readonly ContractTier[], turnover: bigint, activeMembers: number): number {
  const index = tierReached(tiers, turnover, activeMembers);
  return index === null ? 0 : (tiers[index] as ContractTier).rateBp;
}

/**
 * Dividend: a share of the team's net loss. The period's net loss is added to the negative balance
 * carried from the previous period; a balance of zero or less earns nothing and is carried on. A
 * positive balance loses the fee first, then the tier's rate applies.
 */
export function dividendEarning(terms: DividendTerms, figures: TeamFigures, carryIn: bigint): Earning {
  const balance = carryIn + figures.netLoss;
  const qualified = figures.activeMembers >= terms.minActiveMembers;
  const nothing = { amount: 0n, fee: 0n, rateBp: 0, tier: null, qualified };
  // A team that won keeps its debt to the house whether or not the period qualified.
  if (balance <= 0n) return { ...nothing, gross: balance, carryOut: balance };
  // A positive balance is used up by the period, paid or not: the next period starts from zero.
  if (!qualified) return { ...nothing, gross: balance, carryOut: 0n };
  const tier = tierReached(terms.tiers, figures.validTurnover, figures.activeMembers);
  if (tier === null) return { ...nothing, gross: balance, carryOut: 0n };
  const fee = applyRate(balance, terms.feeRateBp);
  const rateBp = (terms.tiers[tier] as ContractTier).rateBp;
  return {
    amount: applyRate(balance - fee, rateBp),
    gross: balance,
    fee,
    rateBp,
    tier,
    qualified,
    carryOut: 0n,
  };
}

/** Daily or hourly salary: the tier's rate on the team's valid turnover after the fee. */
export function salaryEarning(terms: SalaryTerms, figures: TeamFigures): Earning {
  const gross = figures.validTurnover;
  const qualified = figures.activeMembers >= terms.minActiveMembers;
  const tier = qualified ? tierReached(terms.tiers, gross, figures.activeMembers) : null;
  if (tier === null) return { amount: 0n, gross, fee: 0n, rateBp: 0, tier, qualified, carryOut: 0n };
  const fee = applyRate(gross, terms.feeRateBp);
  const rateBp = (terms.tiers[tier] as ContractTier).rateBp;
  return { amount: applyRate(gross - fee, rateBp), gross, fee, rateBp, tier, qualified, carryOut: 0n };
}

/**
 * Real-time salary: win rate on won turnover, loss rate on lost turnover, single-bet rate on the
 * turnover of qualifying single bets, each base after the fee; one floor over the sum.
 */
export function realtimeEarning(terms: RealtimeSalaryTerms, figures: TeamFigures): Earning {
  const gross = figures.wonTurnover + figures.lostTurnover + figures.singleBetTurnover;
  const qualified = figures.activeMembers >= terms.minActiveMembers;
  if (!qualified) return { amount: 0n, gross, fee: 0n, rateBp: 0, tier: null, qualified, carryOut: 0n };
  const afterFee = (base: bigint) => base - applyRate(base, terms.feeRateBp);
  const won = afterFee(figures.wonTurnover);
  const lost = afterFee(figures.lostTurnover);
  const single = afterFee(figures.singleBetTurnover);
  const sum =
    won * BigInt(terms.winRateBp) + lost * BigInt(terms.lossRateBp) + single * BigInt(terms.singleBetRateBp);
  return {
    amount: sum / BP,
    gross,
    fee: gross - won - lost - single,
    rateBp: 0,
    tier: null,
    qualified,
    carryOut: 0n,
  };
}

/** What a contract of any kind earns for a period (carryIn only matters for dividends). */
export function contractEarning(terms: ContractTerms, figures: TeamFigures, carryIn = 0n): Earning {
  switch (terms.kind) {
    case 'dividend':
      return dividendEarning(terms, figures, carryIn);
    case 'dailySalary':
    case 'hourlySalary':
      return salaryEarning(terms, figures);
    case 'realtimeSalary':
      return realtimeEarning(terms, figures);
  }
}

/**
 * Level difference (DECISIONS): the agent earns its rate on its whole team and owes each direct
 * downline agent what that agent's contract earns on its own team. `net` is what the agent keeps.
 */
export function levelDifference(earned: bigint, owedToDirectDownlines: readonly bigint[]) {
  const owed = owedToDirectDownlines.reduce((sum, amount) => sum + amount, 0n);
  return { earned, owed, net: earned - owed };
}

/** The first tier out of order (thresholds or rate going down), or -1. */
export function firstTierOutOfOrder(tiers: readonly ContractTier[]): number {
  for (let i = 1; i < tiers.length; i++) {
    const [a, b] = [tiers[i - 1] as ContractTier, tiers[i] as ContractTier];
    if (b.minTurnover < a.minTurnover || b.minActiveMembers < a.minActiveMembers || b.rateBp < a.rateBp)
      return i;
  }
  return -1;
}

/** Why a downline's terms exceed its upline's, or null when they do not. */
export type CapViolation = {
  /** The term at fault, e.g. `tiers.1.rateBp`, `winRateBp`, `period`, `kind`. */
  field: string;
  rateBp: number;
  uplineRateBp: number;
};

/**
 * A downline's rate may never exceed its upline's (DECISIONS). A tier is compared with the rate the
 * upline's tiers give at that tier's own thresholds: the upline's team holds the downline's team, so
 * its figures are at least as high and its rate at least that, whatever the period brings.
 */
export function capViolation(down: ContractTerms, up: ContractTerms): CapViolation | null {
  if (down.kind !== up.kind) return { field: 'kind', rateBp: 0, uplineRateBp: 0 };
  if (down.kind === 'realtimeSalary' && up.kind === 'realtimeSalary') {
    for (const field of ['winRateBp', 'lossRateBp', 'singleBetRateBp'] as const)
      if (down[field] > up[field]) return { field, rateBp: down[field], uplineRateBp: up[field] };
    return null;
  }
  if (down.kind === 'realtimeSalary' || up.kind === 'realtimeSalary') return null;
  // Level difference needs both sides counted over the same periods.
  if (down.kind === 'dividend' && up.kind === 'dividend' && down.period !== up.period)
    return { field: 'period', rateBp: 0, uplineRateBp: 0 };
  for (const [index, tier] of down.tiers.entries()) {
    const uplineRateBp = rateAt(up.tiers, BigInt(tier.minTurnover), tier.minActiveMembers);
    if (tier.rateBp > uplineRateBp)
      return { field: `tiers.${index}.rateBp`, rateBp: tier.rateBp, uplineRateBp };
  }
  return null;
}

/** The downline's terms with every rate lowered to what its upline's terms allow (cascade offers). */
export function capTerms(down: ContractTerms, up: ContractTerms): ContractTerms {
  if (down.kind === 'realtimeSalary' && up.kind === 'realtimeSalary')
    return {
      ...down,
      winRateBp: Math.min(down.winRateBp, up.winRateBp),
      lossRateBp: Math.min(down.lossRateBp, up.lossRateBp),
      singleBetRateBp: Math.min(down.singleBetRateBp, up.singleBetRateBp),
    };
  if (down.kind === 'realtimeSalary' || up.kind === 'realtimeSalary') return down;
  const tiers = down.tiers.map((tier) => ({
    ...tier,
    rateBp: Math.min(tier.rateBp, rateAt(up.tiers, BigInt(tier.minTurnover), tier.minActiveMembers)),
  }));
  if (down.kind === 'dividend' && up.kind === 'dividend') return { ...down, period: up.period, tiers };
  return { ...down, tiers } as ContractTerms;
}
