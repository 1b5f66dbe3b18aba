import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The site's dark theme (packages/shared/styles/brand-tokens.css), its default look. */
const site = {
  bg: '#0f1222',
  surface: '#181c33',
  raised: '#222746',
  border: '#343a63',
  text: '#f2f3fa',
  muted: '#b4b8d4',
  primary: '#f5b82e',
  onPrimary: '#1a1300',
} as const;

/** A phone's width in CSS pixels (the browser tests' 390 × 844). */
export const PHONE_WIDTH = 390;

/**
 * The site's formatted-content rules (apps/web formatted-content.module.css), scoped to the preview:
 * what an operator sees is laid out as a player's phone lays it out.
 */
const formattedCss = `
.site-preview-html { color: ${site.text}; font-size: 14px; line-height: 1.6; overflow-wrap: anywhere; }
.site-preview-html > :first-child { margin-top: 0; }
.site-preview-html > :last-child { margin-bottom: 0; }
.site-preview-html p, .site-preview-html ul, .site-preview-html ol { margin: 0 0 12px; }
.site-preview-html ul, .site-preview-html ol { padding-left: 1.3em; }
.site-preview-html li + li { margin-top: 4px; }
.site-preview-html h3, .site-preview-html h4, .site-preview-html h5 { margin: 12px 0 8px; font-size: 16px; }
.site-preview-html a { color: ${site.primary}; }
.site-preview-html img { max-width: 100%; height: auto; border-radius: 8px; }
.site-preview-html table { width: 100%; border-collapse: collapse; }
.site-preview-html th, .site-preview-html td { padding: 4px 8px; border: 1px solid ${site.border}; text-align: left; }
.site-preview-html blockquote { margin: 0 0 12px; padding-left: 12px; border-left: 3px solid ${site.border}; color: ${site.muted}; }
`;

/**
 * A phone-sized frame in the site's colours: what a player would see, at a phone's width (narrower
 * when the console itself is on a phone). Scrolls inside, like the phone would.
 */
export function PhoneFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      style={{
        width: `min(${PHONE_WIDTH}px, 100%)`,
        maxHeight: 640,
        overflowY: 'auto',
        margin: '0 auto',
        borderRadius: 28,
        border: '10px solid #05060c',
        background: site.bg,
        color: site.text,
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      }}
    >
      <style>{formattedCss}</style>
      <Box p={12}>{children}</Box>
    </Box>
  );
}

/**
 * Formatted content as the server sanitised it for the site (the preview call's answer, or a stored
 * row, which was sanitised when written): the very HTML a player's phone gets.
 */
export function SiteHtml({ html }: { html: string }) {
  return (
    <div
      className="site-preview-html"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitiser made this HTML (the site renders the same)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** A card on the site's surface: the site's popups, notices and promotions are drawn on one. */
export function SiteCard({ children }: { children: ReactNode }) {
  return (
    <Box
      style={{
        background: site.surface,
        border: `1px solid ${site.border}`,
        borderRadius: 16,
        overflow: 'hidden',
      }}
    >
      {children}
    </Box>
  );
}

export function SiteTitle({ children }: { children: ReactNode }) {
  return (
    <Text
      component="h2"
      fw={700}
      size="lg"
      lh={1.3}
      m={0}
      style={{ color: site.text, overflowWrap: 'anywhere' }}
    >
      {children}
    </Text>
  );
}

export function SiteMuted({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" style={{ color: site.muted }}>
      {children}
    </Text>
  );
}

/** The site's main button (e.g. a popup's OK, the maintenance page's customer service). */
export function SiteButton({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      style={{
        display: 'inline-block',
        padding: '8px 20px',
        borderRadius: 999,
        background: site.primary,
        color: site.onPrimary,
        fontWeight: 700,
        fontSize: 14,
      }}
    >
      {children}
    </Box>
  );
}

/** The marquee strip of the site's home page (notices of type B scroll through it). */
export function SiteMarquee({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Box
      style={{
        display: 'flex',
        gap: 8,
        alignItems: 'center',
        padding: '6px 10px',
        borderRadius: 999,
        background: site.raised,
        fontSize: 13,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
      }}
    >
      <span aria-hidden="true" style={{ color: site.primary }}>
        ◆
      </span>
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }} title={t('siteContent.preview.marquee')}>
        {text}
      </span>
    </Box>
  );
}
