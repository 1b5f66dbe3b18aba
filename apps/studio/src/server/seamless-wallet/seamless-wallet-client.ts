import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type SeamlessWalletAnswer,
  type SeamlessWalletStatus,
  seamlessWalletAnswerSchema,
  type VendorAuthenticateAnswer,
  vendorAuthenticateAnswerSchema,
  vendorSignatureHeader,
} from '@sorte/shared';

/**
 * The studio's side of the seamless-wallet protocol (packages/shared/src/contracts/seamless-wallet.ts):
 * POST {platformUrl}/vendor/{code}/wallet/{action} with a JSON body signed by X-Signature (lowercase
 * hex HMAC-SHA256 of the raw body with the vendor secret). Every answer the studio acts on must be
 * HTTP 200, signed with the same secret and well formed; anything else — a timeout, a refused
 * connection, a 500, a bad signature — is an *unknown* outcome: the caller repeats the same body
 * (a win, a rollback) or rolls the bet back.
 */

export type WalletAction = 'authenticate' | 'balance' | 'bet' | 'win' | 'rollback';

export type WalletOutcome<A = SeamlessWalletAnswer> =
  | { kind: 'answer'; answer: A; raw: string }
  | { kind: 'unknown'; reason: string };

/** What came back for one signed call: the HTTP status, the raw answer and its X-Signature. */
export type WalletTransportAnswer = { status: number; body: string; signature: string | null };

/**
 * Carries one signed call to the platform's wallet and brings back its answer. Over HTTP by default;
 * a platform that embeds the studio passes one that calls its wallet handler in the same process
 * (no loopback connection, no second trip through the event loop), with the same bytes both ways, so
 * signing, idempotency and every check below stay the same.
 */
export type WalletTransport = (
  action: WalletAction,
  rawBody: string,
  signature: string,
) => Promise<WalletTransportAnswer>;

export type SeamlessWalletClientOptions = {
  /** Resolved lazily: embedded, the platform's port is known only once it listens. */
  platformUrl: () => string;
  vendorCode: string;
  secret: string;
  timeoutMs: number;
  /** Unset: POST {platformUrl}/vendor/{code}/wallet/{action}. */
  transport?: WalletTransport;
};

class WalletTimeout extends Error {
  override name = 'TimeoutError';
}

export const signBody = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest('hex');

export class SeamlessWalletClient {
  constructor(private readonly options: SeamlessWalletClientOptions) {}

  /** Sends an exact body (as stored in the outbox, so that a retry is byte-identical). */
  async send(action: WalletAction, body: string): Promise<WalletOutcome> {
    const outcome = await this.post(action, body);
    if (outcome.kind === 'unknown') return outcome;
    const parsed = seamlessWalletAnswerSchema.safeParse(outcome.json);
    if (!parsed.success) return { kind: 'unknown', reason: 'MALFORMED_ANSWER' };
    return { kind: 'answer', answer: parsed.data, raw: outcome.raw };
  }

  async authenticate(token: string): Promise<WalletOutcome<VendorAuthenticateAnswer>> {
    const outcome = await this.post('authenticate', JSON.stringify({ token }));
    if (outcome.kind === 'unknown') return outcome;
    const parsed = vendorAuthenticateAnswerSchema.safeParse(outcome.json);
    if (!parsed.success) return { kind: 'unknown', reason: 'MALFORMED_ANSWER' };
    return { kind: 'answer', answer: parsed.data, raw: outcome.raw };
  }

  balance(playerId: string): Promise<WalletOutcome> {
    return this.send('balance', JSON.stringify({ playerId }));
  }

  private async post(
    action: WalletAction,
    body: string,
  ): Promise<{ kind: 'answer'; json: unknown; raw: string } | { kind: 'unknown'; reason: string }> {
    const { secret } = this.options;
    let response: WalletTransportAnswer;
    try {
      response = await this.carry(action, body, signBody(secret, body));
    } catch (error) {
      const name = (error as Error).name;
      return {
        kind: 'unknown',
        reason: name === 'TimeoutError' || name === 'AbortError' ? 'TIMEOUT' : 'NETWORK',
      };
    }
    const raw = response.body;
    if (response.status !== 200) return { kind: 'unknown', reason: `HTTP ${response.status}` };
    if (!isSigned(secret, raw, response.signature)) {
      // The platform answers INVALID_SIGNATURE unsigned (our secret is wrong); an unsigned answer
      // proves nothing either way, so it counts as unknown and the call is repeated (or rolled back).
      return {
        kind: 'unknown',
        reason: raw.includes('"INVALID_SIGNATURE"') ? 'INVALID_SIGNATURE' : 'SIGNATURE',
      };
    }
    const json = safeJson(raw);
    if (json === undefined) return { kind: 'unknown', reason: 'MALFORMED_ANSWER' };
    return { kind: 'answer', json, raw };
  }

  /** The configured transport, or HTTP; either way an answer later than the timeout is unknown. */
  private async carry(action: WalletAction, body: string, signature: string): Promise<WalletTransportAnswer> {
    const { transport, timeoutMs } = this.options;
    if (!transport) return this.overHttp(action, body, signature);
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        transport(action, body, signature),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new WalletTimeout()), timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async overHttp(
    action: WalletAction,
    body: string,
    signature: string,
  ): Promise<WalletTransportAnswer> {
    const { vendorCode, timeoutMs } = this.options;
    const response = await fetch(`${this.options.platformUrl()}/vendor/${vendorCode}/wallet/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [vendorSignatureHeader]: signature },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return {
      status: response.status,
      body: await response.text(),
      signature: response.headers.get(vendorSignatureHeader),
    };
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function isSigned(secret: string, raw: string, signature: string | null): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(Buffer.from(signature, 'hex'), expected);
}

/** Answers to a bet that say for certain that no money moved. */
export const betRefusals: ReadonlySet<SeamlessWalletStatus> = new Set([
  'INSUFFICIENT_FUNDS',
  'INVALID_TOKEN',
  'PLAYER_NOT_FOUND',
  'PLAYER_BLOCKED',
  'INVALID_REQUEST',
  'ROUND_CLOSED',
  'DUPLICATE_MISMATCH',
]);
