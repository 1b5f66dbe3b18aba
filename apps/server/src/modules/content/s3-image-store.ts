import type { Readable } from 'node:stream';
import { S3Client, S3RequestError, type S3Settings } from '../../lib/s3-client';
import {
  assertImageName,
  type ContentImageStore,
  ContentStoreUnavailable,
  servedPath,
} from './content-image-store';

/** Pictures are keys under this folder of the bucket, so the bucket can hold other things too. */
export const S3_KEY_PREFIX = 'content-images/';

/**
 * Pictures in an S3-compatible bucket. With a public address for the bucket (publicBaseUrl: the
 * bucket served publicly or through a CDN) banners point there; without one the server streams
 * them from the bucket at /content-images/<name>, as it serves the data directory's.
 */
export class S3ImageStore implements ContentImageStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(
    settings: S3Settings,
    private readonly publicBaseUrl: string | undefined,
    fetchImpl?: typeof fetch,
  ) {
    this.client = new S3Client(settings, fetchImpl);
  }

  async put(name: string, bytes: Buffer, contentType: string): Promise<void> {
    assertImageName(name);
    await unavailableOnError(() =>
      this.client.putObject(S3_KEY_PREFIX + name, bytes, {
        'content-type': contentType,
        // What the bucket or its CDN answers with when it serves the picture itself: a name is
        // its content, so it never changes.
        'cache-control': 'public, max-age=31536000, immutable',
      }),
    );
  }

  async open(name: string): Promise<Readable | null> {
    assertImageName(name);
    const object = await unavailableOnError(() => this.client.getObject(S3_KEY_PREFIX + name));
    return object?.body ?? null;
  }

  async delete(name: string): Promise<void> {
    assertImageName(name);
    await unavailableOnError(() => this.client.deleteObject(S3_KEY_PREFIX + name));
  }

  publicUrl(name: string): string {
    return this.publicBaseUrl ? `${this.publicBaseUrl}/${S3_KEY_PREFIX}${name}` : servedPath(name);
  }
}

async function unavailableOnError<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof S3RequestError)) throw error;
    throw new ContentStoreUnavailable(error.kind === 'unreachable' ? 503 : 502, error.message, {
      cause: error,
    });
  }
}
