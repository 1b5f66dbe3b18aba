/**
 * The page colour of each theme (brand token `--color-bg`, packages/shared/styles/brand-tokens.css),
 * for what cannot read CSS: the browser bar (`<meta name="theme-color">`) and the installed app's
 * splash screen (the web app manifest).
 */
export const themeColours = { dark: '#0f1222', light: '#f4f5fb' } as const;

export type ThemeName = keyof typeof themeColours;
