import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where the console's content pictures (banners, promotions) are kept: under DATA_DIR (the
 * default) or in an S3-compatible bucket (CONTENT_STORE=s3). A picture is named by its content
 * (the start of its SHA-256 and its type), so the same picture stored twice is one object and a
 * stored picture never changes.
 */
export type ContentImageStore = {
  readonly kind: 'data-dir' | 's3';
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The picture's bytes as a stream, or null when there is no such picture. */
  open(name: string): Promise<Readable | null>;
  /** Removing a picture that is not there succeeds. */
  delete(name: string): Promise<void>;
  /** The address banners and promotions show it at. */
  publicUrl(name: string): string;
};

/** A stored picture's name: 32 hex digits of its SHA-256 and its type. */
export const CONTENT_IMAGE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

/** The path the server serves every store's pictures at (GET /content-images/:name). */
export const servedPath = (name: string) => `/content-images/${name}`;

/**
 * The store could not do what was asked: 503 when it could not be reached (network, time limit),
 * 502 when it answered with an error (credentials, bucket, its own failure). The cause says which.
 */
export class ContentStoreUnavailable extends Error {
  constructor(
    readonly status: 502 | 503,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ContentStoreUnavailable';
  }
}

/** A name that is not a picture's would be a path outside the store (or a key anywhere in the bucket). */
export function assertImageName(name: string): void {
  if (!CONTENT_IMAGE_NAME.test(name)) throw new Error(`not a content picture name: ${name}`);
}

/** Files under DATA_DIR/uploads/content, served by the server itself. */
export class DataDirImageStore implements ContentImageStore {
  readonly kind = 'data-dir' as const;

  constructor(private readonly dir: string) {}

  async put(name: string, bytes: Buffer): Promise<void> {
    assertImageName(name);
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, name), bytes, { flag: 'w' });
  }

  async open(name: string): Promise<Readable | null> {
    assertImageName(name);
    const path = join(this.dir, name);
    if (!(await stat(path).catch(() => null))) return null;
    return createReadStream(path);
  }

  async delete(name: string): Promise<void> {
    assertImageName(name);
    await rm(join(this.dir, name), { force: true });
  }

  publicUrl(name: string): string {
    return servedPath(name);
  }
}
