import type { OidcChannel } from '@sorte/shared';
import type { FastifyRequest } from 'fastify';

/**
 * The state of an OpenID Connect sign-in also lives in a cookie of the browser that started it, so
 * that only that browser can finish it. SameSite=Lax still sends it on the provider's redirect back
 * (a top-level GET); the path keeps it off every other request.
 */
const cookieName = (channel: OidcChannel) => `sorte_social_${channel}`;
const cookiePath = (channel: OidcChannel) => `/wps/session/social/${channel}/callback`;

export function stateCookie(channel: OidcChannel, state: string, maxAgeSeconds: number, secure: boolean) {
  return [
    `${cookieName(channel)}=${state}`,
    `Path=${cookiePath(channel)}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export const clearedStateCookie = (channel: OidcChannel, secure: boolean) =>
  stateCookie(channel, '', 0, secure);

/** The state cookie of a request, if any (no cookie library: this is the only cookie we read). */
export function stateCookieOf(request: FastifyRequest, channel: OidcChannel): string | undefined {
  const prefix = `${cookieName(channel)}=`;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return trimmed.slice(prefix.length) || undefined;
  }
  return undefined;
}
