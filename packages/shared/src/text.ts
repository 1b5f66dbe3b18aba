/**
 * The one rule for text the API accepts: no NUL character and no lone UTF-16 surrogate. PostgreSQL
 * refuses NUL in text (SQLSTATE 22021, a 500 if it gets that far) and a lone surrogate is no
 * character at all (it cannot be written as UTF-8). The server applies it to every string of every
 * request's body, query and path parameters before validation, so no route can forget it.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is refused
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** NUL or any surrogate: a string without one is safe at once, without the lookarounds above. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is looked for
const MAYBE_UNSAFE = /[\u0000\uD800-\uDFFF]/;

export function isSafeText(text: string): boolean {
  return !MAYBE_UNSAFE.test(text) || !UNSAFE_TEXT.test(text);
}

/**
 * The path (innermost key first) to the first unsafe string under `value`, or null. Built only when
 * something is found: this runs on every request's parts, which are almost always clean.
 */
function unsafePathIn(value: unknown, depth: number): string[] | null {
  if (typeof value === 'string') return isSafeText(value) ? null : [];
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unsafePathIn(value[i], depth + 1);
      if (found) {
        found.push(String(i));
        return found;
      }
    }
    return null;
  }
  if (ArrayBuffer.isView(value)) return null;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!isSafeText(key)) return [];
    const found = unsafePathIn(record[key], depth + 1);
    if (found) {
      found.push(key);
      return found;
    }
  }
  return null;
}

/**
 * Where the first unsafe string of a parsed request part is: the path of keys leading to it (an
 * unsafe key is reported at its parent), or null when every string is safe. Buffers are not text
 * and are skipped; any other object (parsed queries have no Object prototype) is walked.
 */
export function findUnsafeText(value: unknown, path: string[] = [], depth = 0): string[] | null {
  const found = unsafePathIn(value, depth);
  return found ? [...path, ...found.reverse()] : null;
}
