import type { Merchant } from '@sorte/shared';
import { type ThemeName, themeColours } from '@sorte/shared/theme-colours';
import type { TFunction } from 'i18next';
import { z } from 'zod';

export const webManifestQuerySchema = z.object({
  /** The theme the visitor chose on this device; the site sets it on the manifest link. */
  theme: z.enum(['dark', 'light']).optional(),
  /** The stored merchant choice and language, read by `merchantOf` and the i18n hook. */
  merchantCode: z.string().max(8).optional(),
  lang: z.string().max(8).optional(),
});

const icon = (src: string, sizes: string, type: string, purpose: 'any' | 'maskable') => ({
  src,
  sizes,
  type,
  purpose,
});

/**
 * The web app manifest of a merchant (spec section 2, the lite app): installs the site as a
 * standalone app named for the merchant's country, in the caller's language and theme colours.
 */
export function webManifest(
  merchant: Merchant,
  options: { t: TFunction; language: string; theme: ThemeName },
) {
  const { t } = options;
  // The splash screen and the title bar take the page colour, so opening the app shows no flash.
  const colour = themeColours[options.theme];
  return {
    id: '/',
    name: t('pwa:manifest.name', { country: t(`pwa:manifest.countries.${merchant.merchantCode}`) }),
    short_name: 'Sorte',
    description: t('pwa:manifest.description'),
    lang: options.language.toLowerCase(),
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: colour,
    background_color: colour,
    categories: ['games', 'entertainment'],
    icons: [
      icon('/icons/icon.svg', 'any', 'image/svg+xml', 'any'),
      icon('/icons/icon-192.png', '192x192', 'image/png', 'any'),
      icon('/icons/icon-512.png', '512x512', 'image/png', 'any'),
      icon('/icons/icon-maskable-192.png', '192x192', 'image/png', 'maskable'),
      icon('/icons/icon-maskable-512.png', '512x512', 'image/png', 'maskable'),
    ],
  };
}
