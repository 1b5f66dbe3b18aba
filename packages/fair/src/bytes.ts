/**
 * Byte helpers that work the same in Node and in the browser (no Buffer), so that the verify page
 * and the server share every line of the maths.
 */

const HEX = '0123456789abcdef';

/** Lower-case hex, the form every seed and hash is shown in. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += HEX[b >> 4] + (HEX[b & 15] as string);
  return out;
}

const HEX_RE = /^(?:[0-9a-fA-F]{2})*$/;

/** Parses hex (either case). Throws on odd length or a non-hex character rather than guessing. */
export function fromHex(hex: string): Uint8Array {
  if (!HEX_RE.test(hex)) throw new Error('not a hex string of whole bytes');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

const encoder = new TextEncoder();

/** UTF-8 bytes of a string: seeds are used as HMAC keys in their text (hex) form, as Stake does. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** True if `text` is 64 lower- or upper-case hex characters (a SHA-256 or a 32-byte seed). */
export function isHex64(text: string): boolean {
  return text.length === 64 && HEX_RE.test(text);
}

/** 32 bytes from the platform CSPRNG (WebCrypto `getRandomValues`, present in Node ≥ 19 and browsers). */
export function randomBytes(length: number): Uint8Array {
  const out = new Uint8Array(length);
  globalThis.crypto.getRandomValues(out);
  return out;
}
