/**
 * The one rule for text the API accepts: no NUL character and no lone UTF-16 surrogate. PostgreSQL
 * refuses NUL in text (SQLSTATE 22021, a 500 if it gets that far) and a lone surrogate is no
 * character at all (it cannot be written as UTF-8). The server applies it to every string of every
 * request's body, query and path parameters before validation, so no route can forget it.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is refused
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(text: string): boolean {
  return !UNSAFE_TEXT.test(text);
}

/**
 * Where the first unsafe string of a parsed request part is: the path of keys leading to it (an
 * unsafe key is reported at its parent), or null when every string is safe. Buffers are not text
 * and are skipped; any other object (parsed queries have no Object prototype) is walked.
 */
export function findUnsafeText(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (!isSafeText(key)) return path;
    const found = findUnsafeText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
