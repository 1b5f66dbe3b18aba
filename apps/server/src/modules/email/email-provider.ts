import type { Connection } from '../../db/client';

export type EmailMessage = { to: string; subject: string; body: string };

/** Sends one e-mail. Real providers (SMTP, SES, SendGrid) implement the same. */
export type EmailProvider = {
  send(message: EmailMessage): Promise<void>;
};

/**
 * The built-in provider: e-mails go to the `email_outbox` table instead of a mail server, where tests
 * (and, in development, the /dev/email-outbox page) read them.
 */
export class SandboxEmailProvider implements EmailProvider {
  constructor(private readonly db: Connection) {}

  async send({ to, subject, body }: EmailMessage): Promise<void> {
    await this.db.query('insert into email_outbox (to_address, subject, body) values ($1, $2, $3)', [
      to,
      subject,
      body,
    ]);
  }

  async latest(to: string): Promise<{ subject: string; body: string; created_at: Date } | undefined> {
    return (
      await this.db.query<{ subject: string; body: string; created_at: Date }>(
        `select subject, body, created_at from email_outbox where lower(to_address) = lower($1)
          order by id desc limit 1`,
        [to],
      )
    )[0];
  }
}
