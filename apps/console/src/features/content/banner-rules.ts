import { CONTENT_IMAGE_MAX_BYTES, type ConsoleBanner } from '@sorte/shared/contracts/console';
import type { LinkageType } from '@sorte/shared/contracts/content';

/** The picture types the server takes (it checks the bytes too). */
export const pictureTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

export type PictureProblem = 'type' | 'size' | null;

/** Checked before uploading, so a wrong file costs no upload and gets a clear message. */
export function pictureProblem(file: Pick<File, 'type' | 'size'>): PictureProblem {
  if (!(pictureTypes as readonly string[]).includes(file.type)) return 'type';
  if (file.size > CONTENT_IMAGE_MAX_BYTES) return 'size';
  return null;
}

/** Same rule as the server's key: lower-case letters, digits and hyphens, up to 40, not starting with a hyphen. */
export const isBannerKey = (key: string) => /^[a-z0-9][a-z0-9-]{0,39}$/.test(key);

/**
 * Whether the site would follow this link: it ignores a URL that is not http(s), a route that is
 * not a path of the site, a game that is not a node id (see the web app's bannerTarget).
 */
export function isLinkUsable(type: LinkageType, link: string): boolean {
  const value = link.trim();
  if (type === 'NONE') return true;
  if (!value || value.length > 500) return false;
  if (type === 'URL') return /^https?:\/\/\S+$/i.test(value);
  if (type === 'ROUTE') return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
  if (type === 'GAME') return /^[1-9][0-9]*$/.test(value);
  return true;
}

export type BannerState = 'live' | 'scheduled' | 'ended';

/** Live as the server says; otherwise waiting for its start, or past its end. */
export function bannerState(banner: Pick<ConsoleBanner, 'live' | 'startsAt'>, now = Date.now()): BannerState {
  if (banner.live) return 'live';
  if (banner.startsAt && new Date(banner.startsAt).getTime() > now) return 'scheduled';
  return 'ended';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local field's value, in the browser's time zone ("2026-11-02T09:30"). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (browser time zone) as an ISO instant; null when empty or not a date. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
