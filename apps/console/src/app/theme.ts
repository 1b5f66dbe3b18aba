import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

export const consoleTheme = createTheme({
  primaryColor: 'yellow',
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'md',
  // A clearly visible ring on whatever has the keyboard focus, never only on mouse-less browsers.
  focusRing: 'auto',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif' },
});

export const colorSchemeManager = localStorageColorSchemeManager({ key: 'sorte-console.color-scheme' });
