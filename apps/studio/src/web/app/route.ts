import { type GameCode, isGameCode } from '../lib/types';

export type Route =
  | { kind: 'play'; gameCode: GameCode; token: string | null; lang: string | null; returnUrl: string | null }
  | { kind: 'verify'; lang: string | null }
  | { kind: 'unknownGame'; lang: string | null; returnUrl: string | null };

/**
 * The frame's two pages under the studio base: play/:gameCode (launched by the platform) and verify.
 * Anything else is treated as an unknown game, with the way back.
 */
export function parseRoute(pathname: string, search: string, base = '/studio/'): Route {
  const query = new URLSearchParams(search);
  const lang = query.get('lang');
  const returnUrl = query.get('returnUrl');
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : pathname.replace(/^\//, '');
  const parts = rest.split('/').filter(Boolean);
  if (parts[0] === 'verify') return { kind: 'verify', lang };
  const code = parts[0] === 'play' ? decodeURIComponent(parts[1] ?? '') : '';
  if (isGameCode(code)) return { kind: 'play', gameCode: code, token: query.get('token'), lang, returnUrl };
  return { kind: 'unknownGame', lang, returnUrl };
}
