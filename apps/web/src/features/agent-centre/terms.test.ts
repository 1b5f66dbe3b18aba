import type { ConsolidatedInfo } from '@sorte/shared/contracts/agent-contracts';
import { describe, expect, it } from 'vitest';
import { activeItemOf, agentMenu } from './menu';
import { amountToMinor, emptyTermsForm, headlineRate, percentToBp, termsFromForm } from './terms';

describe('offer form', () => {
  it('reads percentages as basis points and amounts as minor units', () => {
    expect(percentToBp('0.85')).toBe(85);
    expect(percentToBp('1,5')).toBe(150);
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp('100.01')).toBeNull();
    expect(percentToBp('abc')).toBeNull();
    expect(amountToMinor('12.5')).toBe(1250);
    expect(amountToMinor('12.555')).toBeNull();
    expect(amountToMinor('100', 0)).toBe(100);
  });

  it('makes one-tier salary terms, dividend terms with their period, and real-time rates', () => {
    const form = { ...emptyTermsForm, ratePercent: '0.6', minTurnover: '1000', minBetAmount: '10' };
    expect(termsFromForm('dailySalary', form)).toEqual({
      terms: {
        kind: 'dailySalary',
        minBetAmount: 1000,
        minActiveMembers: 0,
        feeRateBp: 0,
        tiers: [{ minTurnover: 100_000, minActiveMembers: 0, rateBp: 60 }],
      },
    });
    const dividend = termsFromForm('dividend', { ...form, period: 'M' });
    expect('terms' in dividend && dividend.terms.kind === 'dividend' && dividend.terms.period).toBe('M');
    const realtime = termsFromForm('realtimeSalary', {
      ...emptyTermsForm,
      winPercent: '0.1',
      lossPercent: '0.2',
    });
    expect('terms' in realtime && realtime.terms).toMatchObject({
      winRateBp: 10,
      lossRateBp: 20,
      singleBetRateBp: 0,
    });
  });

  it('names the first field that is not a number', () => {
    expect(termsFromForm('hourlySalary', { ...emptyTermsForm, ratePercent: '' })).toEqual({
      error: { field: 'ratePercent', reason: 'number' },
    });
    expect(termsFromForm('dailySalary', { ...emptyTermsForm, ratePercent: '1', feePercent: 'x' })).toEqual({
      error: { field: 'feePercent', reason: 'number' },
    });
  });

  it('says a contract’s rate in a few characters', () => {
    const tiers = [
      { minTurnover: 0, minActiveMembers: 0, rateBp: 50 },
      { minTurnover: 100, minActiveMembers: 0, rateBp: 120 },
    ];
    expect(
      headlineRate({ kind: 'dailySalary', minBetAmount: 0, minActiveMembers: 0, feeRateBp: 0, tiers }),
    ).toBe('0.50% – 1.20%');
  });
});

describe('agent menu', () => {
  const info: ConsolidatedInfo = {
    dividend: 0,
    divtypereq: '',
    dailysalreqtype: 1,
    contracthoursalreq: 2,
    realtimesalreqtype: 0,
    info: { isAgent: true, pendingOffers: 1, hasUpline: true },
  };

  it('shows contract pages only for kinds the consolidated info enables', () => {
    const ids = agentMenu(info).map((item) => item.id);
    expect(ids).toContain('dailySalary');
    expect(ids).toContain('hourlySalary');
    expect(ids).not.toContain('dividend');
    expect(ids).not.toContain('realtimeSalary');
    expect(agentMenu(undefined).map((item) => item.id)).not.toContain('dailySalary');
    expect(ids.at(-1)).toBe('customerService');
  });

  it('finds the item of a path', () => {
    expect(activeItemOf('/agentHome')).toBe('overview');
    expect(activeItemOf('/agentHome/team/123')).toBe('team');
  });
});
