import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Connection } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { buildBrCode } from '../brcode';
import {
  type CreatedDeposit,
  type DepositRequest,
  type PaymentProvider,
  type PayoutRequest,
  type PayoutResult,
  type ProviderEventType,
  providerEventTypes,
  type WebhookVerdict,
} from './payment-provider';

export const SANDBOX_PROVIDER = 'sandbox';
export const sandboxSignatureHeader = 'x-sandbox-signature';
export const sandboxWebhookPath = `/payments/webhook/${SANDBOX_PROVIDER}`;

/** The body the sandbox posts. Amounts are minor units. */
const sandboxEventSchema = z.strictObject({
  eventId: z.string().regex(/^evt_[A-Za-z0-9_-]{8,64}$/),
  type: z.enum(providerEventTypes),
  orderId: z.string().regex(/^D[A-Z0-9]{16}$/),
  providerReference: z.string().regex(/^sbx_[A-Za-z0-9_-]{8,64}$/),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  currency: z.string().regex(/^[A-Z]{3}$/),
  occurredAt: z.string(),
});
export type SandboxEvent = z.infer<typeof sandboxEventSchema>;

/** How a webhook reaches the platform: HTTP to its base URL, or app.inject in tests. */
export type WebhookTransport = (
  rawBody: string,
  headers: Record<string, string>,
) => Promise<{ statusCode: number; body: string }>;

export const signSandboxBody = (secret: string, body: string | Buffer) =>
  createHmac('sha256', secret).update(body).digest('hex');

/** POSTs the webhook to `${baseUrl}/payments/webhook/sandbox`. */
export function httpTransport(baseUrl: string): WebhookTransport {
  return async (rawBody, headers) => {
    const response = await fetch(`${baseUrl}${sandboxWebhookPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: rawBody,
      signal: AbortSignal.timeout(10_000),
    });
    return { statusCode: response.status, body: await response.text() };
  };
}

type SandboxPaymentRow = {
  provider_reference: string;
  order_no: string;
  amount: bigint;
  currency: string;
  status: string;
  expires_at: Date;
};

const randomToken = () => randomBytes(12).toString('base64url');

/** Payee accounts the sandbox refuses to pay (its documented test values): e-mail keys at this domain. */
export const SANDBOX_REFUSED_PAYEE = /@payout-fails\.sandbox$/i;

/**
 * The built-in sandbox payment provider (the default). It behaves like a real one from the outside:
 * it keeps its own books (sandbox_payments, sandbox_payouts), answers deposits with a real payload
 * (a BR Code with a valid CRC, the merchant's CLABE and a numeric reference, the merchant's wallet
 * number and a reference), and tells the platform what happened only through webhooks signed with
 * HMAC-SHA256 (X-Sandbox-Signature, hex, over the raw body). "Paying" is a request: the dev-mode
 * button (POST /dev/sandbox-payments/:orderId/pay) or `pay()` in tests.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly code = SANDBOX_PROVIDER;

  constructor(
    private readonly db: Connection,
    private readonly secret: string,
    private transport: WebhookTransport,
  ) {}

  setTransport(transport: WebhookTransport) {
    this.transport = transport;
  }

  async createDeposit(order: DepositRequest): Promise<CreatedDeposit> {
    const existing = await this.findPayment(order.orderNo);
    const providerReference = existing?.provider_reference ?? `sbx_${randomToken()}`;
    const { payload, reference } = await this.payloadFor(order);
    await this.db.query(
      `insert into sandbox_payments (provider_reference, order_no, channel, amount, currency, expires_at)
       values ($1, $2, $3, $4, $5, $6) on conflict (order_no) do nothing`,
      [providerReference, order.orderNo, order.channel, order.amount, order.currency, order.expiresAt],
    );
    return { providerReference, payload, reference, expiresAt: order.expiresAt };
  }

  private async payloadFor(order: DepositRequest): Promise<Pick<CreatedDeposit, 'payload' | 'reference'>> {
    const r = order.receiving;
    const unavailable = () => new AppError(409, 'PAYMENT_CHANNEL_UNAVAILABLE');
    switch (order.channel) {
      case 'PIX': {
        if (!r.pixKey || !r.pixMerchantName || !r.pixMerchantCity) throw unavailable();
        const brCode = buildBrCode({
          pixKey: r.pixKey,
          amountMinor: order.amount,
          merchantName: r.pixMerchantName,
          merchantCity: r.pixMerchantCity,
          txid: order.orderNo,
        });
        return { payload: { kind: 'pix', brCode }, reference: order.orderNo };
      }
      case 'SPEI': {
        if (!r.speiClabe || !r.speiBeneficiary) throw unavailable();
        const [row] = await this.db.query<{ n: bigint }>(
          "select nextval('deposit_numeric_reference_seq') as n",
        );
        const reference = String(row?.n ?? 1n).padStart(7, '0');
        return {
          payload: { kind: 'spei', clabe: r.speiClabe, reference, beneficiary: r.speiBeneficiary },
          reference,
        };
      }
      case 'BKASH':
      case 'NAGAD': {
        const number = order.channel === 'BKASH' ? r.bkashNumber : r.nagadNumber;
        if (!number) throw unavailable();
        return {
          payload: { kind: 'wallet', wallet: order.channel, number, reference: order.orderNo },
          reference: order.orderNo,
        };
      }
    }
  }

  async payout(withdrawal: PayoutRequest): Promise<PayoutResult> {
    // One payout per withdrawal number, whatever happens: a retried approval finds the first. Like a
    // real PSP's test values, payouts to e-mail keys at payout-fails.sandbox are refused, so the
    // failure paths can be tried end to end.
    const refused = SANDBOX_REFUSED_PAYEE.test(withdrawal.accountValue);
    await this.db.query(
      `insert into sandbox_payouts (provider_reference, withdrawal_no, channel, account_value, amount, currency, status)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (withdrawal_no) do nothing`,
      [
        `sbx_${randomToken()}`,
        withdrawal.withdrawalNo,
        withdrawal.channel,
        withdrawal.accountValue,
        withdrawal.amount,
        withdrawal.currency,
        refused ? 'failed' : 'paid',
      ],
    );
    const [row] = await this.db.query<{ provider_reference: string; status: 'paid' | 'failed' }>(
      'select provider_reference, status from sandbox_payouts where withdrawal_no = $1',
      [withdrawal.withdrawalNo],
    );
    if (!row) throw new Error('sandbox payout not recorded');
    return { providerReference: row.provider_reference, status: row.status };
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookVerdict {
    const header = headers[sandboxSignatureHeader];
    const given = (Array.isArray(header) ? header[0] : header) ?? '';
    const expected = signSandboxBody(this.secret, rawBody);
    const a = Buffer.from(given.toLowerCase(), 'utf8');
    const b = Buffer.from(expected, 'utf8');
    if (a.length !== b.length || !timingSafeEqual(a, b)) return { ok: false, reason: 'signature' };
    let parsed: SandboxEvent;
    try {
      parsed = sandboxEventSchema.parse(JSON.parse(rawBody.toString('utf8')));
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    return {
      ok: true,
      event: {
        eventId: parsed.eventId,
        type: parsed.type,
        orderNo: parsed.orderId,
        providerReference: parsed.providerReference,
        amount: BigInt(parsed.amount),
        currency: parsed.currency,
      },
    };
  }

  // --- the provider's side: what a payer (or a test) makes it do --------------------------------------

  private async findPayment(orderNo: string): Promise<SandboxPaymentRow | undefined> {
    const [row] = await this.db.query<SandboxPaymentRow>(
      'select provider_reference, order_no, amount, currency, status, expires_at from sandbox_payments where order_no = $1',
      [orderNo],
    );
    return row;
  }

  /**
   * A signed webhook body for an order, as the sandbox would send it. `overrides` lets tests and the
   * bench forge what a broken or malicious provider would send (another amount, currency, event id).
   */
  async signedEvent(
    orderNo: string,
    type: ProviderEventType,
    overrides: Partial<SandboxEvent> = {},
  ): Promise<{ body: string; signature: string; event: SandboxEvent }> {
    const payment = await this.findPayment(orderNo);
    if (!payment) throw new AppError(404, 'NOT_FOUND');
    const event: SandboxEvent = {
      eventId: `evt_${randomUUID()}`,
      type,
      orderId: orderNo,
      providerReference: payment.provider_reference,
      amount: Number(payment.amount),
      currency: payment.currency,
      occurredAt: new Date().toISOString(),
      ...overrides,
    };
    const body = JSON.stringify(event);
    return { body, signature: signSandboxBody(this.secret, body), event };
  }

  sign(body: string | Buffer): string {
    return signSandboxBody(this.secret, body);
  }

  /** Sends a signed body through the transport (the platform's webhook route). */
  deliver(body: string, signature: string) {
    return this.transport(body, { [sandboxSignatureHeader]: signature });
  }

  /**
   * The payer pays the order: the sandbox books it and notifies the platform. Refused (409) when the
   * sandbox has it as anything but pending, or it has expired.
   */
  pay(orderNo: string, overrides: Partial<SandboxEvent> = {}) {
    return this.settle(orderNo, 'paid', overrides);
  }

  /** The payment fails at the provider (declined, cancelled). */
  fail(orderNo: string) {
    return this.settle(orderNo, 'failed');
  }

  /** The provider gives up on the order: its time ran out. */
  expire(orderNo: string) {
    return this.settle(orderNo, 'expired');
  }

  private async settle(
    orderNo: string,
    status: 'paid' | 'failed' | 'expired',
    overrides: Partial<SandboxEvent> = {},
  ) {
    const rows = await this.db.query<{ order_no: string }>(
      `update sandbox_payments set status = $2, updated_at = now()
        where order_no = $1 and status = 'pending' and ($2 <> 'paid' or expires_at > now())
        returning order_no`,
      [orderNo, status],
    );
    if (rows.length === 0) {
      if (!(await this.findPayment(orderNo))) throw new AppError(404, 'NOT_FOUND');
      throw new AppError(409, 'CONFLICT');
    }
    const { body, signature, event } = await this.signedEvent(orderNo, `payment.${status}`, overrides);
    const response = await this.deliver(body, signature);
    return { event, statusCode: response.statusCode, response: response.body };
  }
}
