import { createHash } from 'node:crypto';

/**
 * The CSP sources ('sha256-…') of the inline scripts of an HTML page, so a strict script-src can
 * allow exactly them; scripts with a src are covered by 'self'. Servers (platform and studio) read
 * them from the built page at start-up, never from a hard-coded list: a rebuilt page (a new shell,
 * a service-worker snippet) brings its own hashes. Node only: not exported from the package index,
 * which browsers import.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}
