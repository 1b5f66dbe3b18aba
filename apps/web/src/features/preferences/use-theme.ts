import { useCallback, useState } from 'react';
import { readStored, storageKeys, writeStored } from '../../lib/storage-keys';

export type Theme = 'dark' | 'light';

export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

/** The colour theme: dark by default, remembered across visits, applied to <html data-theme>. */
export function useTheme() {
  const [theme, setThemeState] = useState<Theme>(() => {
    const stored = readStored(localStorage, storageKeys.theme);
    return stored === 'light' || stored === 'dark' ? stored : currentTheme();
  });
  const setTheme = useCallback((next: Theme) => {
    document.documentElement.dataset.theme = next;
    writeStored(localStorage, storageKeys.theme, next);
    setThemeState(next);
  }, []);
  return { theme, setTheme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}
