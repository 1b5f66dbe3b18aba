import type { OperatorRoleName } from '@sorte/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { totpCode } from './totp';

/** Root key of the tests that build their app with it (see payments-test-kit's buildPaymentsApp). */
export type SignedInOperator = { cookie: string; secret: string; username: string; recoveryCodes: string[] };

export const cookieOf = (setCookie: string | string[] | undefined) =>
  String([setCookie].flat()[0] ?? '').split(';')[0] as string;

/** Console users for tests: made with the root operator key, signed in through password and TOTP. */
export function consoleKit(app: FastifyInstance, rootKey: string) {
  const post = (url: string, payload: object, cookie?: string) =>
    app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

  /** Signs in for the first time: password, then enrolment with a code from the offered secret. */
  async function enrol(username: string, password: string): Promise<SignedInOperator> {
    const first = await post('/ops/console/sign-in', { username, password });
    expect(first.statusCode, first.body).toBe(200);
    const { challenge, enrol } = first.json().value;
    expect(enrol.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const second = await post('/ops/console/sign-in/second-factor', {
      challenge,
      code: totpCode(enrol.secret, new Date()),
    });
    expect(second.statusCode, second.body).toBe(200);
    return {
      cookie: cookieOf(second.headers['set-cookie']),
      secret: enrol.secret,
      username,
      recoveryCodes: second.json().value.recoveryCodes,
    };
  }

  let made = 0;
  /** A new console user with these roles (and merchant), signed in. */
  async function operatorWith(roles: OperatorRoleName[], merchantCode: string | null = null) {
    const username = `op${++made}${roles.join('').replace(/_/g, '').slice(0, 12)}${Math.random().toString(36).slice(2, 6)}`;
    const created = await app.inject({
      method: 'POST',
      url: '/ops/console/operators',
      headers: { 'x-operator-key': rootKey },
      payload: { username, roles, merchantCode },
    });
    expect(created.statusCode, created.body).toBe(200);
    return enrol(username, created.json().value.initialPassword);
  }

  const me = (cookie: string) => app.inject({ url: '/ops/console/me', headers: { cookie } });

  return { post, enrol, operatorWith, me };
}
