import { defaultMerchant } from '@sorte/shared';
import type { Seeder } from './seeders';

/** Documented in the README: sign in as `demo` with this password on a seeded database. */
export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'sorte-demo-2026';
const DEMO_FUNDING_MINOR = 100_000n; // R$ 1,000.00

/** A member to try the site with, holding R$ 1,000.00 from the house. */
export const demoMemberSeeder: Seeder = {
  name: 'demo-member',
  async run(app) {
    await app.auth
      .registerByUsername(
        defaultMerchant,
        { username: DEMO_USERNAME, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
        { ip: '127.0.0.1', userAgent: 'seed' },
      )
      .catch((error) => {
        // Already there from a run that stopped before it was recorded: keep it.
        if ((error as { code?: string }).code !== 'USERNAME_TAKEN') throw error;
      });
    const [member] = await app.db.query<{ id: bigint }>(
      "select id from members where merchant_code = $1 and username_key = 'demo'",
      [defaultMerchant.merchantCode],
    );
    if (!member) throw new Error('demo member missing after registration');
    const { cash } = await app.ledger.openAccounts(member.id.toString(), defaultMerchant.currency);
    const key = 'seed:demo-member:funding';
    await app.ledger.transfer({
      idempotencyKey: key,
      debitAccountId: app.ledger.houseAccountFor(defaultMerchant.currency, key),
      creditAccountId: cash,
      amount: DEMO_FUNDING_MINOR,
      currency: defaultMerchant.currency,
      kind: 'adjustment',
      metadata: { reason: 'demo funding' },
    });
  },
};
