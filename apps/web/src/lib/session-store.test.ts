import { describe, expect, it } from 'vitest';
import { adoptTokenFromUrl, endSession, getSession, startSession } from './session-store';

describe('session store', () => {
  it('signs in with ?token= and takes the token out of the address', () => {
    window.history.replaceState(null, '', '/promotions?token=abc123&x=1#top');
    expect(adoptTokenFromUrl()).toBe(true);
    expect(getSession().token).toBe('abc123');
    expect(sessionStorage.getItem('token')).toBe('abc123');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/promotions?x=1#top',
    );
  });

  it('ends a session by clearing session storage but keeping the merchant', () => {
    startSession('t1', { passwordChangeRequired: true });
    sessionStorage.setItem('memberInfo', '{}');
    sessionStorage.setItem('merchant', 'Brazil');
    sessionStorage.setItem('merchantCode', 'BR');
    expect(getSession()).toEqual({ token: 't1', passwordChangeRequired: true });
    endSession();
    expect(getSession()).toEqual({ token: null, passwordChangeRequired: false });
    expect(sessionStorage.getItem('memberInfo')).toBeNull();
    expect(sessionStorage.getItem('merchantCode')).toBe('BR');
    expect(sessionStorage.getItem('merchant')).toBe('Brazil');
  });
});
