import type { CohortReportRow } from '@sorte/shared/contracts/console-reports';

/**
 * A cohort's shares (0 to 1): of its registrations, who deposited; of those whose day 7 (30) has
 * passed, who was active then. Null where nobody can be measured yet.
 */
export function cohortRates(row: CohortReportRow) {
  const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);
  return {
    firstDeposit: share(row.firstDeposits, row.registrations),
    day7: share(row.activeDay7, row.eligibleDay7),
    day30: share(row.activeDay30, row.eligibleDay30),
  };
}
