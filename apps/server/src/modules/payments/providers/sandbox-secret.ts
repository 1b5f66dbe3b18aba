import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';

const MIN_SECRET_LENGTH = 32;

export const sandboxSecretPath = (dataDir: string) => join(dataDir, 'keys', 'sandbox-payments-secret');

async function readSecretFile(path: string, log: FastifyBaseLogger): Promise<string> {
  const secret = (await readFile(path, 'utf8')).trim();
  const { mode } = await stat(path);
  if (mode & 0o077)
    log.warn({ path }, 'sandbox payments secret file is readable by other users: chmod 600 it');
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`sandbox payments secret ${path}: must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  return secret;
}

/**
 * The sandbox provider's webhook signing secret: SANDBOX_PAYMENTS_SECRET when set; in tests one made
 * in memory; otherwise `${DATA_DIR}/keys/sandbox-payments-secret`, generated on the first start (mode
 * 0600) and reused after, so every instance on one data directory agrees.
 */
export async function loadSandboxSecret(config: Config, log: FastifyBaseLogger): Promise<string> {
  if (config.sandboxPaymentsSecret) return config.sandboxPaymentsSecret;
  if (config.env === 'test') return randomBytes(32).toString('base64url');
  const path = sandboxSecretPath(config.dataDir);
  try {
    return await readSecretFile(path, log);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  try {
    await writeFile(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    log.info({ path }, 'generated the sandbox payments webhook secret');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readSecretFile(path, log);
  }
  return secret;
}
