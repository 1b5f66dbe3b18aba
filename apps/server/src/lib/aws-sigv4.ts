import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for requests whose whole body is at hand (one chunk), written from AWS's
 * published description of the algorithm so the server needs no AWS SDK. Four steps:
 *
 *  1. the canonical request: method, path, query, the signed headers (lower-case names, trimmed
 *     values, sorted), their names, and the SHA-256 of the body, one per line;
 *  2. the string to sign: the algorithm, the time, the scope (date/region/service/aws4_request) and
 *     the SHA-256 of the canonical request;
 *  3. the signing key: HMAC-SHA256 chained over the date, region, service and "aws4_request",
 *     starting from "AWS4" + the secret (so the secret itself never travels);
 *  4. the signature: HMAC-SHA256 of the string to sign with that key, in hex, sent in the
 *     Authorization header with the access key id, the scope and the signed header names.
 *
 * S3-compatible stores (MinIO, Cloudflare R2, Backblaze B2...) check the same signature.
 */

/** SHA-256 of an empty body: what GET and DELETE sign as their payload. */
export const EMPTY_PAYLOAD_SHA256 = createHash('sha256').update('').digest('hex');

export type SigV4Credentials = {
  accessKeyId: string;
  secretAccessKey: string;
  /** e.g. us-east-1; Cloudflare R2 takes "auto". */
  region: string;
  /** "s3" for object stores. */
  service: string;
};

export type SigV4Request = {
  method: string;
  /** The URL the request goes to, its path already encoded as it will be sent. */
  url: URL;
  /** Headers to send and sign besides host, x-amz-date and x-amz-content-sha256. */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (EMPTY_PAYLOAD_SHA256 without one). */
  payloadSha256: string;
};

export type SignedRequest = {
  /** Every header to send, the Authorization header included (host is left to fetch). */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
};

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** 2013-05-24T00:00:00.000Z → 20130524T000000Z, the "ISO 8601 basic" time SigV4 uses. */
export const amzDate = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** RFC 3986 percent-encoding: everything but A-Z a-z 0-9 - . _ ~ (encodeURIComponent leaves !'()* too). */
export const encodeRfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The query as SigV4 wants it: each name and value encoded, sorted by name then value, "=" always. */
function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

export function signRequest(request: SigV4Request, credentials: SigV4Credentials, at: Date): SignedRequest {
  const time = amzDate(at);
  const date = time.slice(0, 8);
  const scope = `${date}/${credentials.region}/${credentials.service}/aws4_request`;

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  headers['x-amz-date'] = time;
  headers['x-amz-content-sha256'] = request.payloadSha256;
  // fetch sends Host itself, from the URL (with the port when it is not the scheme's default), and
  // refuses one set by hand: it is signed with the same value.
  const signed: Record<string, string> = { ...headers, host: request.url.host };
  const names = Object.keys(signed).sort();
  const canonicalHeaders = names
    .map((name) => `${name}:${String(signed[name]).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');

  // S3 signs the path as sent: keys are encoded once (not twice, as other AWS services do).
  const canonicalRequest = [
    request.method.toUpperCase(),
    request.url.pathname || '/',
    canonicalQuery(request.url),
    canonicalHeaders,
    signedHeaders,
    request.payloadSha256,
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', time, scope, sha256Hex(canonicalRequest)].join('\n');

  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date), credentials.region), credentials.service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');

  headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},` +
    `SignedHeaders=${signedHeaders},Signature=${signature}`;
  return { headers, canonicalRequest, stringToSign, signature };
}
