import { createHash, randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sniffImage } from '../../lib/image-type';

/** A proof image's real type by its first bytes: PNG or JPEG only. */
export function sniffImageType(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  const type = sniffImage(bytes);
  return type === 'image/png' || type === 'image/jpeg' ? type : null;
}

export type StoredProof = { fileName: string; contentType: string; sizeBytes: number; sha256: string };

/**
 * Proof files live under DATA_DIR/uploads/withdrawal-proofs with random names (nothing the member
 * chose reaches the file system); their metadata is in withdrawal_proofs.
 */
export class ProofStore {
  constructor(readonly dir: string) {}

  async save(
    files: Array<{ bytes: Buffer; contentType: 'image/png' | 'image/jpeg' }>,
  ): Promise<StoredProof[]> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const stored: StoredProof[] = [];
    for (const file of files) {
      const fileName = `${randomBytes(16).toString('hex')}.${file.contentType === 'image/png' ? 'png' : 'jpg'}`;
      await writeFile(join(this.dir, fileName), file.bytes, { mode: 0o600, flag: 'wx' });
      stored.push({
        fileName,
        contentType: file.contentType,
        sizeBytes: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
      });
    }
    return stored;
  }

  async remove(proofs: StoredProof[]): Promise<void> {
    await Promise.all(proofs.map((p) => unlink(join(this.dir, p.fileName)).catch(() => undefined)));
  }

  pathOf(fileName: string): string {
    if (!/^[0-9a-f]{32}\.(png|jpg)$/.test(fileName)) throw new Error('not a proof file name');
    return join(this.dir, fileName);
  }
}
