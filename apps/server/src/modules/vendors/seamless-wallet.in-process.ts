import type { FastifyBaseLogger } from 'fastify';
import { VENDOR_BODY_LIMIT_BYTES } from './seamless-wallet.routes';
import { type SeamlessWalletService, walletAnswer } from './seamless-wallet.service';

/** One signed wallet call's answer, as the HTTP route would send it (status, body, X-Signature). */
export type InProcessWalletAnswer = { status: number; body: string; signature: string | null };

/**
 * The seamless wallet for a studio embedded in this process: the studio's protocol client hands
 * over the exact bytes it would POST to /vendor/{code}/wallet/{action} with their signature, and
 * gets back what the route would answer, from the same entry (`SeamlessWalletService.handle`) the
 * route calls. A bet then costs no loopback connection, no HTTP parsing and no second wait for the
 * event loop, which under load is what made embedded bets slow (seconds) beside busy logins.
 * The studio still checks the answer's signature and repeats unknown outcomes as over HTTP.
 */
export function inProcessWalletTransport(
  wallet: SeamlessWalletService,
  vendorCode: string,
  log: FastifyBaseLogger,
) {
  return async (action: string, rawBody: string, signature: string): Promise<InProcessWalletAnswer> => {
    const bytes = Buffer.from(rawBody, 'utf8');
    // What the route's body limit and error handler answer for an oversized call.
    if (bytes.length > VENDOR_BODY_LIMIT_BYTES) {
      return { status: 200, body: walletAnswer('INVALID_REQUEST', null, null, null), signature: null };
    }
    try {
      const answer = await wallet.handle({ vendorCode, action, rawBody: bytes, signature });
      return { status: 200, body: answer.body, signature: answer.signature };
    } catch (error) {
      // The route's 500: for the studio an unknown outcome it repeats (a win) or rolls back (a bet).
      log.error({ err: error, vendorCode, action }, 'in-process vendor wallet call failed');
      return { status: 500, body: '', signature: null };
    }
  };
}
