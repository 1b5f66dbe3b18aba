import { defaultLanguage, interfaceLanguages, rtlLanguages, toMessageLanguage } from '@sorte/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, storageKeys, writeStored } from './storage-keys';

/**
 * Catalogs live in packages/shared/locales/<lang>/<namespace>.json, shared with the server. Each
 * language is its own chunk, loaded when chosen, so the first page only carries one language.
 */
const catalogs = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/shared/locales/*/{common,errors,auth}.json',
  {
    import: 'default',
  },
);

// `auth` carries the field-pattern messages the server also uses, so forms say the same words.
const webNamespaces = ['common', 'errors', 'auth'];

async function loadLanguage(code: string): Promise<void> {
  const lang = code.toLowerCase();
  await Promise.all(
    webNamespaces.map(async (ns) => {
      if (i18next.hasResourceBundle(lang, ns)) return;
      const load = catalogs[`../../../../packages/shared/locales/${lang}/${ns}.json`];
      if (load) i18next.addResourceBundle(lang, ns, await load(), true, true);
    }),
  );
}

/** The interface code the user picked (any of the spec's codes); texts fall back to EN. */
export function storedInterfaceLanguage(): string {
  const stored = typeof localStorage === 'undefined' ? null : readStored(localStorage, storageKeys.lang);
  if (stored && (interfaceLanguages as readonly string[]).includes(stored)) return stored;
  const fromBrowser = typeof navigator === 'undefined' ? null : toMessageLanguage(navigator.language);
  return fromBrowser ?? defaultLanguage;
}

function applyToDocument(code: string) {
  document.documentElement.lang = code.toLowerCase();
  document.documentElement.dir = rtlLanguages.has(code) ? 'rtl' : 'ltr';
}

export async function initI18n(): Promise<typeof i18next> {
  const code = storedInterfaceLanguage();
  const catalog = (toMessageLanguage(code) ?? defaultLanguage).toLowerCase();
  await i18next.use(initReactI18next).init({
    lng: catalog,
    fallbackLng: defaultLanguage.toLowerCase(),
    ns: webNamespaces,
    defaultNS: 'common',
    resources: {},
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  await Promise.all([loadLanguage(defaultLanguage), loadLanguage(catalog)]);
  await i18next.changeLanguage(catalog);
  applyToDocument(code);
  return i18next;
}

/**
 * Switches the interface language: keeps the previous choice under hisLang (spec section 3),
 * loads the catalog when it has one and falls back to EN texts when it does not.
 */
let latestChange = 0;

export async function changeInterfaceLanguage(code: string): Promise<void> {
  // Catalogs load asynchronously: when a person picks two languages quickly, the last pick wins.
  const change = ++latestChange;
  const previous = readStored(localStorage, storageKeys.lang);
  if (previous && previous !== code) writeStored(localStorage, storageKeys.hisLang, previous);
  writeStored(localStorage, storageKeys.lang, code);
  const catalog = (toMessageLanguage(code) ?? defaultLanguage).toLowerCase();
  await loadLanguage(catalog);
  if (change !== latestChange) return;
  await i18next.changeLanguage(catalog);
  applyToDocument(code);
}
