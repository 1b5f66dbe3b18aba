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
 * Where the app download QR codes lead (spec: "link with language"): the app download page, with the
 * interface language and the phone the code is for. Never the session token: a code on a screen can
 * be photographed by anyone, and the token in it would sign them in as the member.
 */
export function appDownloadPath(os: 'ios' | 'android', language: string): string {
  return `/app?${new URLSearchParams({ lang: language, os }).toString()}`;
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
