import type { Banner } from '@sorte/shared';

/** Where a banner click leads (spec section 2: "a banner carousel opens the linked target"). */
export type BannerTarget =
  | { kind: 'route'; to: string }
  | { kind: 'url'; href: string }
  | { kind: 'game'; nodeId: number }
  | null;

/** Only http(s) addresses leave the site; anything else (javascript:, data:) is ignored. */
const isWebAddress = (link: string) => /^https?:\/\//i.test(link);
/** A path of this site, never a protocol-relative address to another. */
const isSitePath = (link: string) =>
  link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');

export function bannerTarget(banner: Pick<Banner, 'linkageType' | 'link'>): BannerTarget {
  const link = banner.link?.trim();
  if (!link) return null;
  switch (banner.linkageType) {
    case 'ROUTE':
      return isSitePath(link) ? { kind: 'route', to: link } : null;
    case 'URL':
      return isWebAddress(link) ? { kind: 'url', href: link } : null;
    case 'PROMOTION':
      return { kind: 'route', to: `/promotions#${encodeURIComponent(link)}` };
    case 'GAME': {
      const nodeId = Number(link);
      return Number.isInteger(nodeId) && nodeId > 0 ? { kind: 'game', nodeId } : null;
    }
    default:
      return null;
  }
}
