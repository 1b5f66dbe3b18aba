/** Any origin works: it only has to be one no path can leave. */
const PROBE_ORIGIN = 'http://return-to.invalid';

/**
 * A path of this site to land on after signing in, or '/'. Only a single leading '/' is accepted:
 * '//host' and '/\host' are read by browsers as another site, which would make the sign-in an open
 * redirect that hands the session token to whoever chose the address.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 1024) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters and backslashes are dropped or turned into '/' by URL parsers.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: those are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  const url = new URL(value, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The return path with the session token in its query (the web app signs in from it on load). */
export function withToken(returnPath: string, token: string): string {
  const url = new URL(safeReturnPath(returnPath), PROBE_ORIGIN);
  url.searchParams.set('token', token);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a failed sign-in lands: home, which tells the player the channel's sign-in failed. */
export const failurePath = (channel: string) => `/?socialError=${encodeURIComponent(channel)}`;
