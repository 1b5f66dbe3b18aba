/**
 * The proof-of-work solver (ALTCHA v1 challenges): finds n in 0…maxnumber with
 * SHA-256(salt + n) = challenge. Loaded lazily, only when a sign-in needs it. It hashes in small
 * batches with crypto.subtle and yields between them, so the page keeps answering clicks and the
 * progress can be shown. Where crypto.subtle is missing (no secure context) it hashes in JavaScript.
 */
export type PowChallenge = {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
};

const BATCH = 1_000;
const encoder = new TextEncoder();

const hex = (buffer: ArrayBuffer) => {
  const bytes = new Uint8Array(buffer);
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += (bytes[i] as number).toString(16).padStart(2, '0');
  return out;
};

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/**
 * SHA-256 in plain JavaScript, for pages served without a secure context (plain http on a LAN
 * address), where browsers leave crypto.subtle out. Short inputs only are hashed here.
 */
export function sha256Hex(text: string): string {
  const data = encoder.encode(text);
  const length = ((data.length + 9 + 63) >> 6) << 6;
  const bytes = new Uint8Array(length);
  bytes.set(data);
  bytes[data.length] = 0x80;
  const view = new DataView(bytes.buffer);
  view.setUint32(length - 4, data.length * 8);
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  for (let offset = 0; offset < length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15] as number;
      const b = w[i - 2] as number;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) | 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as number[];
    for (let i = 0; i < 64; i++) {
      const t1 =
        ((hh as number) +
          (rotr(e as number, 6) ^ rotr(e as number, 11) ^ rotr(e as number, 25)) +
          (((e as number) & (f as number)) ^ (~(e as number) & (g as number))) +
          (K[i] as number) +
          (w[i] as number)) |
        0;
      const t2 =
        ((rotr(a as number, 2) ^ rotr(a as number, 13) ^ rotr(a as number, 22)) +
          (((a as number) & (b as number)) ^
            ((a as number) & (c as number)) ^
            ((b as number) & (c as number)))) |
        0;
      hh = g;
      g = f;
      f = e;
      e = ((d as number) + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    const next = [a, b, c, d, e, f, g, hh] as number[];
    for (let i = 0; i < 8; i++) h[i] = ((h[i] as number) + (next[i] as number)) | 0;
  }
  return Array.from(h, (x) => x.toString(16).padStart(8, '0')).join('');
}

/** One batch of candidates: the index of the one that matches, or -1. */
async function searchBatch(challenge: PowChallenge, start: number, end: number): Promise<number> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    for (let n = start; n < end; n++)
      if (sha256Hex(`${challenge.salt}${n}`) === challenge.challenge) return n - start;
    return -1;
  }
  const digests = await Promise.all(
    Array.from({ length: end - start }, (_, i) =>
      subtle.digest('SHA-256', encoder.encode(`${challenge.salt}${start + i}`)),
    ),
  );
  return digests.findIndex((digest) => hex(digest) === challenge.challenge);
}

/** Resolves with the `altcha` field to send (base64 of the solved payload), or null when none fits. */
export async function solvePow(
  challenge: PowChallenge,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string | null> {
  for (let start = 0; start <= challenge.maxnumber; start += BATCH) {
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const end = Math.min(start + BATCH, challenge.maxnumber + 1);
    const found = await searchBatch(challenge, start, end);
    if (found >= 0) {
      onProgress?.(1);
      const payload = {
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number: start + found,
        salt: challenge.salt,
        signature: challenge.signature,
      };
      return btoa(JSON.stringify(payload));
    }
    onProgress?.(end / (challenge.maxnumber + 1));
    // A macrotask between batches lets the page paint and handle input.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return null;
}
