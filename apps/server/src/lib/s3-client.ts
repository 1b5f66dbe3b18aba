import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { EMPTY_PAYLOAD_SHA256, encodeRfc3986, sha256Hex, signRequest } from './aws-sigv4';

/**
 * The few S3 calls the server needs (PUT, GET and DELETE of one object), signed with SigV4 and sent
 * with fetch: AWS S3 and the stores that speak its API (MinIO, Cloudflare R2, Backblaze B2...).
 * Every call has a time limit; every failure is an S3RequestError saying whether the store could not
 * be reached in time or answered with an error, never a bare fetch error.
 */
export type S3Settings = {
  /** The store's origin, e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** endpoint/bucket/key instead of bucket.endpoint/key (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
  /** Longest wait for an answer, and for each piece of a body being read. */
  timeoutMs: number;
};

export type S3Object = {
  body: Readable;
  contentType: string | null;
  contentLength: number | null;
};

export class S3RequestError extends Error {
  constructor(
    /** unreachable: no answer (network, time limit); refused: the store answered with an error. */
    readonly kind: 'unreachable' | 'refused',
    message: string,
    /** The store's HTTP status and S3 error code (SignatureDoesNotMatch, NoSuchBucket...), if it answered. */
    readonly status: number | null = null,
    readonly s3Code: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'S3RequestError';
  }
}

type Fetch = typeof fetch;

export class S3Client {
  private readonly endpoint: URL;

  constructor(
    private readonly settings: S3Settings,
    private readonly fetchImpl: Fetch = fetch,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.endpoint = new URL(settings.endpoint);
  }

  /** Where an object lives: https://bucket.host/key, or https://host/bucket/key in path style. */
  objectUrl(key: string): URL {
    const path = key.split('/').map(encodeRfc3986).join('/');
    const { protocol, host } = this.endpoint;
    return this.settings.forcePathStyle
      ? new URL(`${protocol}//${host}/${this.settings.bucket}/${path}`)
      : new URL(`${protocol}//${this.settings.bucket}.${host}/${path}`);
  }

  async putObject(key: string, body: Buffer, headers: Record<string, string>): Promise<void> {
    const response = await this.send('PUT', key, body, headers);
    await this.expectOk(response, 'PUT', key);
    await response.body?.cancel();
  }

  /** The object's bytes as a stream, or null when the bucket has no such key. */
  async getObject(key: string): Promise<S3Object | null> {
    const controller = new AbortController();
    const response = await this.send('GET', key, null, {}, controller);
    if (await this.isMissingKey(response)) return null;
    await this.expectOk(response, 'GET', key);
    const length = response.headers.get('content-length');
    return {
      body: this.bodyWithIdleLimit(response, controller),
      contentType: response.headers.get('content-type'),
      contentLength: length !== null && /^\d{1,15}$/.test(length) ? Number(length) : null,
    };
  }

  /** Deleting a key that is not there succeeds, as S3 does. */
  async deleteObject(key: string): Promise<void> {
    const response = await this.send('DELETE', key, null, {});
    if (await this.isMissingKey(response)) return;
    await this.expectOk(response, 'DELETE', key);
    await response.body?.cancel();
  }

  /**
   * A 404 for the key (NoSuchKey, or no error document at all) is an answer; a 404 for anything
   * else (NoSuchBucket: a wrong bucket name or endpoint) is the store refusing, reported as such.
   */
  private async isMissingKey(response: Response): Promise<boolean> {
    if (response.status !== 404) return false;
    const text = await this.errorText(response);
    const s3Code = codeOf(text);
    if (s3Code === null || s3Code === 'NoSuchKey') return true;
    throw new S3RequestError('refused', `S3 ${this.settings.bucket}: 404 ${s3Code}`, 404, s3Code);
  }

  /**
   * Signs and sends one request. The time limit covers the wait for the answer's headers; a GET's
   * body then has its own limit per piece (bodyWithIdleLimit), so a large object read by a slow
   * client is not cut while a stalled store still is.
   */
  private async send(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    body: Buffer | null,
    headers: Record<string, string>,
    controller = new AbortController(),
  ): Promise<Response> {
    const url = this.objectUrl(key);
    const signed = signRequest(
      {
        method,
        url,
        headers,
        payloadSha256: body ? sha256Hex(body) : EMPTY_PAYLOAD_SHA256,
      },
      { ...this.settings, service: 's3' },
      this.now(),
    );
    const timer = setTimeout(() => controller.abort(), this.settings.timeoutMs);
    try {
      return await this.fetchImpl(url, {
        method,
        headers: signed.headers,
        body: body ? new Uint8Array(body.buffer, body.byteOffset, body.length) : undefined,
        // A redirect from S3 means a wrong region or endpoint: report it, do not follow it unsigned.
        redirect: 'manual',
        signal: controller.signal,
      });
    } catch (error) {
      const timedOut = controller.signal.aborted;
      throw new S3RequestError(
        'unreachable',
        timedOut
          ? `S3 ${method} ${url.host}: no answer within ${this.settings.timeoutMs} ms`
          : `S3 ${method} ${url.host}: ${(error as Error).message}`,
        null,
        null,
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** An answer that is not 2xx becomes an S3RequestError with the store's own code and message. */
  private async expectOk(response: Response, method: string, key: string): Promise<void> {
    if (response.ok) return;
    const text = await this.errorText(response);
    const s3Code = codeOf(text);
    const message = /<Message>([^<]{1,500})<\/Message>/.exec(text)?.[1] ?? response.statusText;
    throw new S3RequestError(
      'refused',
      `S3 ${method} ${this.settings.bucket}/${key}: ${response.status} ${s3Code ?? ''} ${message}`.trim(),
      response.status,
      s3Code,
    );
  }

  /** The start of an error answer (an XML document of a few hundred bytes), within the time limit. */
  private async errorText(response: Response): Promise<string> {
    const timer = setTimeout(() => void response.body?.cancel().catch(() => {}), this.settings.timeoutMs);
    try {
      return (await response.text()).slice(0, 4096);
    } catch {
      return '';
    } finally {
      clearTimeout(timer);
    }
  }

  /** The body as a Node stream that fails, and stops the download, when no piece comes in time. */
  private bodyWithIdleLimit(response: Response, controller: AbortController): Readable {
    const limitMs = this.settings.timeoutMs;
    let timer = setTimeout(() => controller.abort(), limitMs);
    timer.unref();
    const rearm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(), limitMs);
      timer.unref();
    };
    const source = response.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
    const watched = source.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, out) {
          rearm();
          out.enqueue(chunk);
        },
        flush() {
          clearTimeout(timer);
        },
      }),
    );
    return Readable.fromWeb(watched as WebReadableStream<Uint8Array>);
  }
}

/** The Code of an S3 error document (<Error><Code>NoSuchKey</Code>...), if there is one. */
const codeOf = (text: string) => /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1] ?? null;
