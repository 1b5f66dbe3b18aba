import { parseArgs } from 'node:util';
import { operatorUsernameSchema } from '@sorte/shared';
import { migrate } from '../db/migrate';
import { OperatorUsersRepository } from '../modules/console/operator-users.repository';
import { provisionAdmin } from '../modules/console/operator-users.service';
import { openConfiguredDatabase } from './configured-database';

/**
 * An operator console administrator on the configured database (DATABASE_URL, else the embedded one
 * under DATA_DIR — stop `npm start` first: the embedded database has one user at a time):
 *   npm run console:admin -- --username alice            a new administrator
 *   npm run console:admin -- --username alice --reset    a new password, TOTP to enrol again
 * The password is printed once; the administrator enrols an authenticator app at the first sign-in.
 */
const { values } = parseArgs({
  options: { username: { type: 'string' }, reset: { type: 'boolean', default: false } },
});
const username = operatorUsernameSchema.safeParse(values.username ?? '');
if (!username.success) {
  console.error(
    '--username: 3–32 characters, lower-case letters, digits, ".", "_" or "-", starting with a letter',
  );
  process.exit(2);
}
const db = await openConfiguredDatabase();
try {
  await migrate(db);
  const { password, created } = await provisionAdmin(new OperatorUsersRepository(db), username.data, {
    reset: values.reset ?? false,
    createdBy: 'console:admin',
  });
  console.log(
    `${created ? 'Created administrator' : 'Reset'} ${username.data}. One-time password (shown once):`,
  );
  console.log(password);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
