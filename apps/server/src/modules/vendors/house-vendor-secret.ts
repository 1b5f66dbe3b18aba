import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';

const MIN_SECRET_LENGTH = 32;

const generateSecret = () => randomBytes(32).toString('base64url');

export const houseVendorSecretPath = (dataDir: string) => join(dataDir, 'keys', 'house-vendor-secret');

async function readSecretFile(path: string, log: FastifyBaseLogger): Promise<string> {
  const secret = (await readFile(path, 'utf8')).trim();
  const { mode } = await stat(path);
  if (mode & 0o077) log.warn({ path }, 'house vendor secret file is readable by other users: chmod 600 it');
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`house vendor secret ${path}: must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  return secret;
}

/**
 * The in-house studio's wallet signing secret: HOUSE_VENDOR_SECRET when set; in tests one made in
 * memory; otherwise `${DATA_DIR}/keys/house-vendor-secret`, generated on the first start (mode 0600)
 * and reused after. It is never written to the database.
 */
export async function loadHouseVendorSecret(config: Config, log: FastifyBaseLogger): Promise<string> {
  if (config.houseVendorSecret) return config.houseVendorSecret;
  if (config.env === 'test') return generateSecret();
  const path = houseVendorSecretPath(config.dataDir);
  try {
    return await readSecretFile(path, log);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = generateSecret();
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  try {
    // 'wx': when two processes start on one data directory at once, the first secret written wins.
    await writeFile(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    log.info({ path }, 'generated the house vendor (studio) wallet secret');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readSecretFile(path, log);
  }
  return secret;
}
