import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

type Challenge = { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };

/**
 * Finds the number of a proof-of-work challenge the way the browser does, by trying each in turn,
 * in batches, so the app under test (whose load shedding watches the event loop) keeps running.
 */
export async function solve(c: Challenge): Promise<string> {
  for (let n = 0; n <= c.maxnumber; n++) {
    if (n % 2_000 === 0) await new Promise((resolve) => setImmediate(resolve));
    if (createHash('sha256').update(`${c.salt}${n}`).digest('hex') === c.challenge) {
      const payload = {
        algorithm: c.algorithm,
        challenge: c.challenge,
        number: n,
        salt: c.salt,
        signature: c.signature,
      };
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }
  throw new Error('proof of work without a solution');
}

/** A fresh challenge from the server, solved: the `altcha` field of a login. */
export async function solvedPow(app: FastifyInstance, remoteAddress = '127.0.0.1'): Promise<string> {
  const res = await app.inject({ url: '/wps/captcha/pow', remoteAddress });
  if (res.statusCode !== 200) throw new Error(`pow challenge: ${res.statusCode} ${res.body}`);
  return solve(res.json().value);
}
