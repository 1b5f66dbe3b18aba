import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const ISSUER = 'Sorte console';

const totpOf = (secretBase32: string, username = '') =>
  new TOTP({
    issuer: ISSUER,
    label: username,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });

/** A new secret of 160 bits (RFC 4226's recommended length), in base32 as apps take it typed in. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://totp/…` URI an authenticator app scans from the QR code. */
export const otpauthUri = (secretBase32: string, username: string): string =>
  totpOf(secretBase32, username).toString();

/** The time step of `now`. */
export const totpStep = (now: Date): number => Math.floor(now.getTime() / 1000 / PERIOD_SECONDS);

/**
 * The time step the code belongs to, if it is right for now or one step either side (clocks on
 * phones drift); undefined when wrong. The caller refuses a step already used, so a code is good once.
 */
export function matchingStep(secretBase32: string, code: string, now: Date): number | undefined {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? undefined : totpStep(now) + delta;
}

/** The code for a moment: for tests and the CLI's self-check, never sent anywhere. */
export const totpCode = (secretBase32: string, at: Date): string =>
  totpOf(secretBase32).generate({ timestamp: at.getTime() });
