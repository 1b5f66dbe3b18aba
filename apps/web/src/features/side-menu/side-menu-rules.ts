import type { Banner } from '@sorte/shared';

/**
 * Spec section 2: game pages hide the side menu — /seamless, /lottert, /vnlottery, /sealottery, any
 * case, and the lottery page (/lottery: "lottert" in the spec reads as its typo; both are kept).
 * Agent pages have no side menu at all (their own layout).
 */
const gamePages = ['/seamless', '/lottert', '/lottery', '/vnlottery', '/sealottery'];

export function isGamePage(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return gamePages.some((page) => path === page || path.startsWith(`${page}/`));
}

/**
 * The app download address for the QR codes (spec: "link with language and token"): the store or
 * package address of the merchant, with the interface language and, for a signed-in member, the
 * session token, so the app opens signed in and in the same language.
 */
export function appDownloadLink(url: string, language: string, token: string | null): string {
  const params = new URLSearchParams({ lang: language });
  if (token) params.set('token', token);
  const [base, hash] = url.split('#', 2) as [string, string | undefined];
  const joined = `${base}${base.includes('?') ? '&' : '?'}${params.toString()}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

/** Where a banner leads: a promotion, a page of the site, an outside address, or nowhere. */
export function bannerTarget(
  banner: Pick<Banner, 'linkageType' | 'link'>,
): { kind: 'route'; to: string } | { kind: 'url'; href: string } | null {
  if (!banner.link) return null;
  switch (banner.linkageType) {
    case 'PROMOTION':
      return { kind: 'route', to: `/promotions#${banner.link}` };
    case 'ROUTE':
      return banner.link.startsWith('/') ? { kind: 'route', to: banner.link } : null;
    case 'URL':
      return /^https?:\/\//i.test(banner.link) ? { kind: 'url', href: banner.link } : null;
    default:
      return null;
  }
}
