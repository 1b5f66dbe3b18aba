import { join } from 'node:path';
import fp from 'fastify-plugin';
import { depositsOpsRoutes } from './deposits-ops.routes';
import { PaymentsRepository } from './payments.repository';
import { paymentsRoutes } from './payments.routes';
import { paymentsOpsRoutes } from './payments-ops.routes';
import { createPayments, type Payments } from './payments-services';
import { paymentsWebhookRoutes } from './payments-webhook.routes';
import { ProofStore } from './proofs';
import type { PaymentProvider } from './providers/payment-provider';
import { sandboxDevRoutes } from './providers/sandbox-dev.routes';
import {
  httpTransport,
  SandboxPaymentProvider,
  sandboxWebhookPath,
  type WebhookTransport,
} from './providers/sandbox-provider';
import { loadSandboxSecret } from './providers/sandbox-secret';

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
    /** The built-in sandbox provider: tests make it pay, fail or expire orders. */
    paymentsSandbox: SandboxPaymentProvider;
  }
}

/** How often expired deposit orders and overdue withdrawal receipts are swept (also done on reads). */
export const PAYMENTS_SWEEP_MS = 60_000;

/**
 * Payments: deposit channels and orders, provider webhooks, payee accounts, two-phase withdrawals
 * and their confirmation, the operator API, and the built-in sandbox provider (the default).
 */
export const paymentsModule = fp(
  async (app) => {
    const repository = new PaymentsRepository(app.db);
    // In tests the sandbox reaches the webhook route through inject; elsewhere over HTTP, like a
    // real provider, at the platform's own base URL.
    const transport: WebhookTransport =
      app.config.env === 'test'
        ? async (body, headers) => {
            const response = await app.inject({
              method: 'POST',
              url: sandboxWebhookPath,
              headers: { 'content-type': 'application/json', ...headers },
              payload: body,
            });
            return { statusCode: response.statusCode, body: response.body };
          }
        : httpTransport(
            app.config.paymentsWebhookBaseUrl ??
              app.config.publicBaseUrl ??
              `http://127.0.0.1:${app.config.port}`,
          );
    const sandbox = new SandboxPaymentProvider(
      app.db,
      await loadSandboxSecret(app.config, app.log),
      transport,
    );
    const providers = new Map<string, PaymentProvider>([[sandbox.code, sandbox]]);
    const payments = createPayments({
      repository,
      db: app.db,
      ledger: app.ledger,
      providers,
      messages: app.messages,
      realtime: app.realtime,
      limiter: app.rateLimiter,
      proofs: new ProofStore(join(app.config.dataDir, 'uploads', 'withdrawal-proofs')),
      log: app.log,
    });
    await payments.start();
    app.decorate('payments', payments);
    app.decorate('paymentsSandbox', sandbox);

    await app.register(paymentsRoutes, { payments });
    await app.register(paymentsWebhookRoutes, { deposits: payments.deposits });
    await app.register(paymentsOpsRoutes, { payments });
    await app.register(depositsOpsRoutes, { depositOps: payments.depositOps });
    if (app.config.env === 'development') await app.register(sandboxDevRoutes, { sandbox });

    if (app.config.env !== 'test') {
      let running = false;
      const timer = setInterval(async () => {
        if (running) return;
        running = true;
        try {
          await payments.deposits.expireOverdueDeposits();
          await payments.withdrawals.autoReceive(null);
        } catch (error) {
          app.log.error({ err: error }, 'payments sweep failed');
        } finally {
          running = false;
        }
      }, PAYMENTS_SWEEP_MS);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
  { name: 'payments', dependencies: ['ledger', 'auth', 'messages', 'realtime', 'redis'] },
);
