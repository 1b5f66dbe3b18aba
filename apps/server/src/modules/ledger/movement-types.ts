import type { MovementType } from '@sorte/shared';

/**
 * Ledger transfer kinds → the account record's types, first match wins. Kinds are free text chosen by
 * each money path (deposit, vendor_bet, member_transfer, ...), so they are matched by LIKE pattern:
 * a new path that names its kind sensibly shows up right without a change here.
 */
const rules: ReadonlyArray<readonly [MovementType, readonly string[]]> = [
  ['deposit', ['deposit%']],
  ['withdrawal', ['withdraw%']],
  ['refund', ['%refund%', '%rollback%']],
  ['bet', ['bet', 'bet\\_%', '%\\_bet']],
  ['win', ['win', 'win\\_%', '%\\_win', 'payout%', 'jackpot%']],
  ['transfer', ['%transfer%']],
  ['bonus', ['bonus%', '%\\_bonus', 'promotion%', 'rebate%', 'reward%', 'red\\_envelope%', 'mission%']],
  ['adjustment', ['adjust%', 'manual%', 'correction%']],
  // Agent contract payments (salaries, dividends): kind contract_payment, modules/contracts.
  ['contract', ['contract%']],
];

function typeOfKind(column: string): string {
  const arms = rules.map(
    ([type, patterns]) =>
      `when lower(${column}) like any (array[${patterns.map((p) => `'${p}'`).join(', ')}]) then '${type}'`,
  );
  return `case ${arms.join(' ')} else 'other' end`;
}

/**
 * SQL for the type of a movement, given the transfer's kind and, for a reversal, the reversed
 * transfer's kind: a reversed bet or withdrawal is a refund, any other reversal an adjustment.
 * Built once from the constant rules above (no input reaches it).
 */
export function movementTypeSql(kindColumn: string, originalKindColumn: string): string {
  return `(case when ${kindColumn} = 'reversal' then
             case when ${typeOfKind(originalKindColumn)} in ('bet', 'withdrawal') then 'refund' else 'adjustment' end
           else ${typeOfKind(kindColumn)} end)`;
}
