/**
 * Independent recomputation for the tests: node:crypto and the textbook formulas written out again,
 * deliberately not using the package's stream code.
 */
import { createHash, createHmac } from 'node:crypto';

/** The fixed seeds of the known vectors. */
export const SERVER_SEED = createHash('sha256').update('sorte fair test server seed').digest('hex');
export const CLIENT_SEED = 'sorte-client';

/** The first `count` floats of a bet: HMAC-SHA256(serverSeed, `client:nonce:round`), 4 bytes each. */
export function referenceFloats(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  count: number,
): number[] {
  const floats: number[] = [];
  for (let round = 0; floats.length < count; round++) {
    const block = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
    for (let i = 0; i < 32 && floats.length < count; i += 4) {
      let f = 0;
      for (let j = 0; j < 4; j++) f += (block[i + j] as number) / 256 ** (j + 1);
      floats.push(f);
    }
  }
  return floats;
}

export function referenceBetFloats(nonce: number, count: number): number[] {
  return referenceFloats(SERVER_SEED, CLIENT_SEED, nonce, count);
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
