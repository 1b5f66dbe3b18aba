/**
 * The lobby address from the launch URL, if it is safe to link to: http(s) or a path on this site.
 * Anything else (javascript:, data:, a protocol-relative trick) becomes the site root.
 */
export function safeReturnUrl(raw: string | null): string {
  if (!raw) return '/';
  if (raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\')) return raw;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : '/';
  } catch {
    return '/';
  }
}
