import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';
import { pt } from '../locales/pt';

export const consoleLanguages = ['en', 'pt'] as const;
export type ConsoleLanguage = (typeof consoleLanguages)[number];

const storageKey = 'sorte-console.language';

const isConsoleLanguage = (value: unknown): value is ConsoleLanguage =>
  consoleLanguages.includes(value as ConsoleLanguage);

/** The stored choice, else the browser's language when it is Portuguese, else English. */
function initialLanguage(): ConsoleLanguage {
  try {
    const stored = localStorage.getItem(storageKey);
    if (isConsoleLanguage(stored)) return stored;
  } catch {}
  const browser = typeof navigator === 'undefined' ? '' : navigator.language.toLowerCase();
  return browser.startsWith('pt') ? 'pt' : 'en';
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...consoleLanguages],
  resources: { en: { translation: en }, pt: { translation: pt } },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

const applyDocumentLanguage = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language === 'pt' ? 'pt-BR' : 'en';
};
applyDocumentLanguage(i18n.language);

/** The console's language now: sent as `accept-language` so the server's messages match. */
export const currentLanguage = (): ConsoleLanguage =>
  isConsoleLanguage(i18n.language) ? i18n.language : 'en';

/** Switches the language and keeps the choice for the next visit. */
export function changeLanguage(language: ConsoleLanguage) {
  try {
    localStorage.setItem(storageKey, language);
  } catch {}
  applyDocumentLanguage(language);
  return i18n.changeLanguage(language);
}

/** The locale for Intl: Brazilian Portuguese, or English. */
export const intlLocale = (language: string) => (language === 'pt' ? 'pt-BR' : 'en-US');
