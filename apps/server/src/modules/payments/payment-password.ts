import { isWeakPaymentPassword } from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { PAYMENT_PASSWORD_FAILURES, PAYMENT_PASSWORD_LOCK_MS } from './payment-rules';
import type { PaymentsRepository } from './payments.repository';

/** The member's payment password: asked by payee changes and withdrawals, locked after failures. */
export class PaymentPassword {
  constructor(
    private readonly repository: PaymentsRepository,
    private readonly limiter: RateLimiter,
  ) {}

  async check(memberId: bigint, password: string, setIfUnset: boolean): Promise<void> {
    const key = `paypw:${memberId}`;
    if ((await this.limiter.peek(key)) >= PAYMENT_PASSWORD_FAILURES)
      throw new AppError(429, 'PAYMENT_PASSWORD_LOCKED', { minutes: PAYMENT_PASSWORD_LOCK_MS / 60_000 });
    let hash = await this.repository.paymentPasswordHash(memberId);
    if (!hash) {
      if (!setIfUnset) throw new AppError(403, 'PAYMENT_PASSWORD_INVALID', {}, { field: 'paymentPassword' });
      // The first bind of a member who has no payment password yet sets it (argon2id, like passwords).
      if (isWeakPaymentPassword(password))
        throw new AppError(400, 'PAYMENT_PASSWORD_WEAK', {}, { field: 'paymentPassword' });
      if (await this.repository.setPaymentPasswordIfUnset(memberId, await hashPassword(password))) return;
      hash = await this.repository.paymentPasswordHash(memberId);
    }
    if (!(await verifyPassword(hash ?? undefined, password))) {
      await this.limiter.hit(key, PAYMENT_PASSWORD_FAILURES, PAYMENT_PASSWORD_LOCK_MS);
      throw new AppError(403, 'PAYMENT_PASSWORD_INVALID', {}, { field: 'paymentPassword' });
    }
  }
}
