import type { ContractKind, ContractTerms, DividendPeriod } from '@sorte/shared/contracts/agent-contracts';

/** The offer form's fields, as typed: rates in percent ("0.8"), amounts in major units ("100"). */
export type TermsForm = {
  period: DividendPeriod;
  ratePercent: string;
  minTurnover: string;
  minBetAmount: string;
  minActiveMembers: string;
  feePercent: string;
  winPercent: string;
  lossPercent: string;
  singleBetPercent: string;
};

export const emptyTermsForm: TermsForm = {
  period: 'W',
  ratePercent: '',
  minTurnover: '0',
  minBetAmount: '0',
  minActiveMembers: '0',
  feePercent: '0',
  winPercent: '0',
  lossPercent: '0',
  singleBetPercent: '0',
};

export type TermsError = { field: keyof TermsForm; reason: 'number' };

/** "0.85" % → 85 basis points; blank or not a number between 0 and 100 with ≤ 2 decimals: null. */
export function percentToBp(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return null;
  const bp = Math.round(Number(trimmed) * 100);
  return bp <= 10_000 ? bp : null;
}

/** "12.5" in a 2-decimal currency → 1250 minor units; not a non-negative amount: null. */
export function amountToMinor(text: string, decimals = 2): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,12}(\.\d+)?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  if (fraction.length > decimals) return null;
  return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
}

const count = (text: string): number | null => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * The contract terms the offer form describes (one tier for the tiered kinds), or the first field
 * that does not read as a number. The server checks the rates against the agent's own.
 */
export function termsFromForm(
  kind: ContractKind,
  form: TermsForm,
  decimals = 2,
): { terms: ContractTerms } | { error: TermsError } {
  const fields: Array<[keyof TermsForm, number | null]> = [
    ['minBetAmount', amountToMinor(form.minBetAmount, decimals)],
    ['minActiveMembers', count(form.minActiveMembers)],
    ['feePercent', percentToBp(form.feePercent)],
  ];
  if (kind === 'realtimeSalary') {
    fields.push(
      ['winPercent', percentToBp(form.winPercent)],
      ['lossPercent', percentToBp(form.lossPercent)],
      ['singleBetPercent', percentToBp(form.singleBetPercent)],
    );
  } else {
    fields.push(
      ['ratePercent', percentToBp(form.ratePercent)],
      ['minTurnover', amountToMinor(form.minTurnover, decimals)],
    );
  }
  const bad = fields.find(([, value]) => value === null);
  if (bad) return { error: { field: bad[0], reason: 'number' } };
  const v = Object.fromEntries(fields) as Record<keyof TermsForm, number>;
  const common = {
    minBetAmount: v.minBetAmount,
    minActiveMembers: v.minActiveMembers,
    feeRateBp: v.feePercent,
  };
  if (kind === 'realtimeSalary')
    return {
      terms: {
        kind,
        ...common,
        winRateBp: v.winPercent,
        lossRateBp: v.lossPercent,
        singleBetRateBp: v.singleBetPercent,
      },
    };
  const tiers = [{ minTurnover: v.minTurnover, minActiveMembers: v.minActiveMembers, rateBp: v.ratePercent }];
  if (kind === 'dividend') return { terms: { kind, period: form.period, ...common, tiers } };
  return { terms: { kind, ...common, tiers } };
}

/** "1.25%" from basis points. */
export const formatBp = (bp: number) => `${(bp / 100).toFixed(2)}%`;

/** The rate a contract's terms give, in words for a row: the first tier's rate, or the three real-time ones. */
export function headlineRate(terms: ContractTerms): string {
  if (terms.kind === 'realtimeSalary')
    return `${formatBp(terms.winRateBp)} / ${formatBp(terms.lossRateBp)} / ${formatBp(terms.singleBetRateBp)}`;
  const top = terms.tiers[terms.tiers.length - 1];
  const bottom = terms.tiers[0];
  if (!top || !bottom) return '';
  return top === bottom ? formatBp(top.rateBp) : `${formatBp(bottom.rateBp)} – ${formatBp(top.rateBp)}`;
}
