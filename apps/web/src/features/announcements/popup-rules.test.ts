import type { Popup } from '@sorte/shared';
import { describe, expect, it } from 'vitest';
import {
  markAudiencesClosed,
  pendingAudiences,
  popupAudiences,
  popupsFor,
  readClosedAudiences,
} from './popup-rules';

const popup = (id: number, execution: Popup['execution']): Popup => ({
  id,
  execution,
  title: `Popup ${execution}`,
  content: '<p>Hi</p>',
  time: '2026-01-01T00:00:00Z',
});

describe('popup announcement rules', () => {
  it('picks the audience: guests B, members A, first-login members F then A', () => {
    expect(popupAudiences({ isLoggedIn: false, isFirstLogin: false })).toEqual(['B']);
    expect(popupAudiences({ isLoggedIn: true, isFirstLogin: false })).toEqual(['A']);
    expect(popupAudiences({ isLoggedIn: true, isFirstLogin: true })).toEqual(['F', 'A']);
  });

  it('remembers closed audiences for the session', () => {
    expect([...readClosedAudiences(sessionStorage)]).toEqual([]);
    markAudiencesClosed(sessionStorage, ['B']);
    markAudiencesClosed(sessionStorage, ['F', 'A']);
    expect([...readClosedAudiences(sessionStorage)].sort()).toEqual(['A', 'B', 'F']);
  });

  it('leaves out closed audiences and those already offered on this page', () => {
    expect(pendingAudiences(['F', 'A'], new Set(['A']), new Set())).toEqual(['F']);
    expect(pendingAudiences(['B'], new Set(), new Set(['B']))).toEqual([]);
  });

  it('lists the popups of the audiences, in audience order', () => {
    const all = [popup(1, 'B'), popup(2, 'A'), popup(3, 'F')];
    // A new member is welcomed as one (F), not told "good to see you again" (A)…
    expect(popupsFor(all, ['F', 'A']).map((p) => p.id)).toEqual([3]);
    // …unless the merchant has no first-login popup.
    expect(
      popupsFor(
        all.filter((p) => p.execution !== 'F'),
        ['F', 'A'],
      ).map((p) => p.id),
    ).toEqual([2]);
    expect(popupsFor(all, ['B']).map((p) => p.id)).toEqual([1]);
  });
});
