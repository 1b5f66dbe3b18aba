import { describe, expect, it } from 'vitest';
import { pickFromAcceptLanguage, toMessageLanguage } from './languages';

describe('language negotiation', () => {
  it('maps spec codes and BCP 47 tags to a catalogue', () => {
    expect(toMessageLanguage('PT')).toBe('PT');
    expect(toMessageLanguage('bn-BD')).toBe('BN');
    expect(toMessageLanguage('JA')).toBeNull();
  });

  it('honours q-values and skips languages without a catalogue', () => {
    expect(pickFromAcceptLanguage('ja;q=1, es-MX;q=0.8, pt;q=0.9')).toBe('PT');
    expect(pickFromAcceptLanguage('fr, de')).toBeNull();
    expect(pickFromAcceptLanguage(undefined)).toBeNull();
  });
});
