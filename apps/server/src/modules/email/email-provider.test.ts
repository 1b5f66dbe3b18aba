import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helper';
import type { Database } from '../../db/client';
import { SandboxEmailProvider } from './email-provider';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

describe('sandbox e-mail provider', () => {
  it('keeps what it sends, newest first, whatever the letter case of the address', async () => {
    const outbox = new SandboxEmailProvider(db);
    await outbox.send({ to: 'Ana@Example.com', subject: 'one', body: 'first' });
    await outbox.send({ to: 'ana@example.com', subject: 'two', body: 'second' });
    await outbox.send({ to: 'bo@example.com', subject: 'other', body: 'not hers' });
    expect(await outbox.latest('ANA@example.com')).toMatchObject({ subject: 'two', body: 'second' });
    expect(await outbox.latest('nobody@example.com')).toBeUndefined();
  });
});
