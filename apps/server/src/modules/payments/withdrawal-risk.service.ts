import {
  type Currency,
  WITHDRAW_RATIO_ALERT,
  type WithdrawalRisk,
  type WithdrawalRiskAlert,
} from '@sorte/shared';
import { toSafeNumber } from '../../lib/bigint';
import { iso } from './payment-rules';
import type { WithdrawalRow } from './payments.repository';
import type { RiskFactsRow, WithdrawalRiskRepository } from './withdrawal-risk.repository';

/** (withdrawn + this withdrawal) / deposited with two decimals; null without deposits. */
function withdrawRatio(facts: RiskFactsRow, amount: bigint): number | null {
  if (facts.deposit_total <= 0n) return null;
  // Hundredths by integer division, rounded half up: exact for any amounts.
  const hundredths =
    ((facts.withdrawal_total + amount) * 200n + facts.deposit_total) / (2n * facts.deposit_total);
  return Number(hundredths) / 100;
}

/** The facts that deserve a second look, in the order of withdrawalRiskAlerts. */
export function alertsOf(facts: RiskFactsRow, amount: bigint): WithdrawalRiskAlert[] {
  const alerts: WithdrawalRiskAlert[] = [];
  if (facts.deposit_count === 0n) alerts.push('no_deposit');
  else if (facts.withdrawal_total + amount >= facts.deposit_total * BigInt(WITHDRAW_RATIO_ALERT))
    alerts.push('withdraw_ratio');
  // Deposit, then withdraw without having played the deposit through once: the usual laundering shape.
  if (facts.last_deposit_amount !== null && facts.turnover < facts.last_deposit_amount)
    alerts.push('low_turnover');
  if (facts.payee_players > 0n) alerts.push('shared_payee');
  if (facts.ip_players > 0n) alerts.push('shared_ip');
  return alerts;
}

/**
 * A withdrawal's risk facts for the operator deciding it: what the player deposited and withdrew, how
 * much they played since their last deposit, and whether other players share their payee account or
 * their addresses. There is no wagering requirement on the platform (no bonus module holds one), so
 * the turnover is set against the last deposit itself.
 */
export class WithdrawalRiskService {
  constructor(private readonly repository: WithdrawalRiskRepository) {}

  /** The alerts of each withdrawal of a page, by id, from one statement. */
  async alertsFor(rows: readonly WithdrawalRow[]): Promise<Map<bigint, WithdrawalRiskAlert[]>> {
    const facts = await this.repository.facts(rows.map((r) => r.id));
    const amounts = new Map(rows.map((r) => [r.id, r.amount]));
    return new Map(facts.map((f) => [f.id, alertsOf(f, amounts.get(f.id) ?? 0n)]));
  }

  async factsOf(row: WithdrawalRow): Promise<WithdrawalRisk> {
    const [facts] = await this.repository.facts([row.id]);
    if (!facts) throw new Error(`no risk facts for withdrawal ${row.withdrawal_no}`);
    return {
      withdrawalId: row.withdrawal_no,
      currency: row.currency as Currency,
      deposits: { count: Number(facts.deposit_count), total: toSafeNumber(facts.deposit_total) },
      withdrawals: { count: Number(facts.withdrawal_count), total: toSafeNumber(facts.withdrawal_total) },
      withdrawRatio: withdrawRatio(facts, row.amount),
      lastDeposit:
        facts.last_deposit_at && facts.last_deposit_amount !== null
          ? { amount: toSafeNumber(facts.last_deposit_amount), at: iso(facts.last_deposit_at) as string }
          : null,
      turnoverSinceLastDeposit: toSafeNumber(facts.turnover),
      sharedPayee: { players: Number(facts.payee_players), usernames: facts.payee_usernames ?? [] },
      sharedIp: { players: Number(facts.ip_players), addresses: Number(facts.ip_addresses) },
      alerts: alertsOf(facts, row.amount),
    };
  }
}
