import type { ContractKind, ContractSettlement } from '@sorte/shared/contracts/agent-contracts';
import type { SettlementRow } from './settlement.repository';

/** A settlement row as the caller sees it: incoming when the caller is the payee. */
export const toSettlement = (row: SettlementRow, callerId: bigint): ContractSettlement => ({
  id: row.id.toString(),
  contractId: row.contract_id.toString(),
  kind: row.kind as ContractKind,
  periodKey: row.period_key,
  periodStart: new Date(row.period_start).toISOString(),
  periodEnd: new Date(row.period_end).toISOString(),
  payerId: row.payer_id?.toString() ?? null,
  payeeId: row.payee_id.toString(),
  incoming: row.payee_id === callerId,
  currency: row.currency,
  amount: Number(row.amount),
  carryOut: Number(row.carry_out),
  status: row.status,
  settledAt: new Date(row.settled_at).toISOString(),
  paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
});
