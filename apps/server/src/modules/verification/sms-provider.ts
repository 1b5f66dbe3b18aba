import type { Connection } from '../../db/client';

/** Sends one text message. Real providers (Twilio, Zenvia, local gateways) implement the same. */
export type SmsProvider = {
  send(mobile: string, body: string): Promise<void>;
};

/**
 * The built-in provider: messages go to the `sms_outbox` table instead of a phone network, where
 * tests (and, in development, the /dev/sms-outbox page) read them.
 */
export class SandboxSmsProvider implements SmsProvider {
  constructor(private readonly db: Connection) {}

  async send(mobile: string, body: string): Promise<void> {
    await this.db.query('insert into sms_outbox (mobile, body) values ($1, $2)', [mobile, body]);
  }

  async latest(mobile: string): Promise<{ body: string; created_at: Date } | undefined> {
    return (
      await this.db.query<{ body: string; created_at: Date }>(
        'select body, created_at from sms_outbox where mobile = $1 order by id desc limit 1',
        [mobile],
      )
    )[0];
  }
}
