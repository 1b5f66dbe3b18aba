import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';

/**
 * The console's own key (32 bytes): it seals operators' TOTP secrets at rest (AES-256-GCM), so a copy
 * of the database alone cannot mint second-factor codes, and keys the HMAC of their recovery codes.
 * CONSOLE_SECRET_KEY (base64url) when set, which every instance of a scaled-out platform must share;
 * in tests one made in memory; otherwise `${DATA_DIR}/keys/console-secret-key`, made on the first
 * start (mode 0600).
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the console secret key must be 32 bytes');
  }

  /** base64url(iv ‖ tag ‖ ciphertext). */
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  open(sealed: string): string {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  /** A keyed hash: recovery codes are kept so, never as they were shown. */
  mac(value: string): string {
    return createHmac('sha256', this.key).update(value, 'utf8').digest('hex');
  }
}

export const consoleSecretKeyPath = (dataDir: string) => join(dataDir, 'keys', 'console-secret-key');

async function readKeyFile(path: string, log: FastifyBaseLogger): Promise<Buffer> {
  const key = Buffer.from((await readFile(path, 'utf8')).trim(), 'base64url');
  const { mode } = await stat(path);
  if (mode & 0o077) log.warn({ path }, 'console secret key file is readable by other users: chmod 600 it');
  return key;
}

export async function loadConsoleSecretBox(config: Config, log: FastifyBaseLogger): Promise<SecretBox> {
  if (config.consoleSecretKey) return new SecretBox(Buffer.from(config.consoleSecretKey, 'base64url'));
  if (config.env === 'test') return new SecretBox(randomBytes(32));
  const path = consoleSecretKeyPath(config.dataDir);
  try {
    return new SecretBox(await readKeyFile(path, log));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  try {
    // 'wx': two processes starting on one data directory agree on the first key written.
    await writeFile(path, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    log.info({ path }, 'generated the console secret key');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return new SecretBox(await readKeyFile(path, log));
  }
  return new SecretBox(key);
}
