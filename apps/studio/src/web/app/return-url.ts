/**
 * The lobby address from the launch URL, if it is safe to link to: a path on this site and nothing
 * else (the platform always sends one). A browser reads `/\t/evil.example` or `/%09/evil.example`
 * (once decoded) as `//evil.example`, another site, so the check runs on the decoded value with
 * control characters and whitespace taken out. Anything else (an absolute URL, javascript:, a
 * protocol-relative trick) becomes the site root.
 */
export function safeReturnUrl(raw: string | null): string {
  if (!raw) return '/';
  let decoded = raw;
  // Decoded until it stops changing (bounded), so double-encoded tricks are seen as well.
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return '/';
    }
    if (next === decoded) break;
    decoded = next;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const cleaned = decoded.replace(/[\u0000-\u001f\u007f\s]/g, '');
  if (!cleaned.startsWith('/') || cleaned.startsWith('//') || cleaned.startsWith('/\\')) return '/';
  // What the browser will follow is the raw value: it must be the same path once cleaned.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: as above
  if (/[\u0000-\u001f\u007f\s\\]/.test(raw)) return '/';
  return raw;
}
