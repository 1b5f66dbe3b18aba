import { randomBytes } from 'node:crypto';
import type { ConsoleWalletVendor } from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import type { WalletVendorOpsRow, WalletVendorsOpsRepository } from './wallet-vendors-ops.repository';

const HOUR_MS = 3_600_000;

const vendorOf = (row: WalletVendorOpsRow, now: number): ConsoleWalletVendor => ({
  code: row.code,
  name: row.name,
  catalogueVendors: row.catalogue_vendors,
  enabled: row.enabled,
  secretSource: row.has_stored_secret ? 'stored' : 'configuration',
  secretRotatedAt: row.secret_rotated_at ? new Date(row.secret_rotated_at).toISOString() : null,
  previousSecretUntil:
    row.previous_secret_until && new Date(row.previous_secret_until).getTime() > now
      ? new Date(row.previous_secret_until).toISOString()
      : null,
});

/**
 * The wallet vendors as operators see them, and their secrets rotated with overlap: the server makes
 * the new secret (256 random bits), answers it once for the operator to hand to the vendor, and keeps
 * accepting the old one for the overlap. `onRotated` reloads the wallet's vendors on this instance at
 * once; other instances reload within the wallet's 30 seconds, well inside any overlap.
 */
export class WalletVendorsOpsService {
  constructor(
    private readonly repository: WalletVendorsOpsRepository,
    private readonly onRotated: () => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  async list(): Promise<ConsoleWalletVendor[]> {
    const now = this.now();
    return (await this.repository.list()).map((row) => vendorOf(row, now));
  }

  async find(code: string): Promise<ConsoleWalletVendor> {
    const row = await this.repository.find(code);
    if (!row) throw new AppError(404, 'NOT_FOUND');
    return vendorOf(row, this.now());
  }

  async rotate(code: string, overlapHours: number): Promise<{ vendor: ConsoleWalletVendor; secret: string }> {
    const current = await this.find(code);
    if (current.secretSource === 'configuration')
      throw AppError.field('code', 'console-settings:secretInConfiguration');
    const secret = randomBytes(32).toString('base64url');
    await this.repository.rotate(code, secret, new Date(this.now() + overlapHours * HOUR_MS));
    await this.onRotated();
    return { vendor: await this.find(code), secret };
  }
}
