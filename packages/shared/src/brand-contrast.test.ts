import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * WCAG 2.2 AA over the shared brand tokens: text in a token colour ("See all", links, muted labels)
 * must reach 4.5:1 on every background token of its theme, and the label on a primary button must
 * too. Read from the stylesheet itself, so a token edit that breaks contrast fails here.
 */
const css = readFileSync(new URL('../styles/brand-tokens.css', import.meta.url), 'utf8');

function tokensOf(theme: 'dark' | 'light'): Record<string, string> {
  const selector = theme === 'dark' ? ':root,\n[data-theme="dark"]' : '[data-theme="light"]';
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries(
    [...block.matchAll(/--(color-[\w-]+):\s*(#[0-9a-f]{6})\b/gi)].map((m) => [m[1], m[2]]),
  );
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('brand token contrast', () => {
  for (const theme of ['dark', 'light'] as const) {
    it(`reaches 4.5:1 for text tokens on every background in the ${theme} theme`, () => {
      const tokens = tokensOf(theme);
      const failures: string[] = [];
      for (const text of ['color-text', 'color-text-muted', 'color-primary', 'color-accent']) {
        for (const background of ['color-bg', 'color-surface', 'color-surface-raised']) {
          const ratio = contrast(tokens[text] as string, tokens[background] as string);
          if (ratio < 4.5) failures.push(`${text} on ${background}: ${ratio.toFixed(2)}:1`);
        }
      }
      const onPrimary = contrast(tokens['color-on-primary'] as string, tokens['color-primary'] as string);
      if (onPrimary < 4.5) failures.push(`color-on-primary on color-primary: ${onPrimary.toFixed(2)}:1`);
      expect(failures).toEqual([]);
    });
  }
});
