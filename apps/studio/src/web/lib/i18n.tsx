import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { bn } from '../locales/bn';
import { en, type MessageKey, type Messages } from '../locales/en';
import { es } from '../locales/es';
import { pt } from '../locales/pt';
import { numberLocales } from './money';

export const langs = ['en', 'pt', 'es', 'bn'] as const;
export type Lang = (typeof langs)[number];

const catalogs: Readonly<Record<Lang, Messages>> = { en, pt, es, bn };

/** The frame language from the launch URL's `lang` ("pt", "PT", "pt-BR" …); English otherwise. */
export function resolveLang(raw: string | null | undefined): Lang {
  const code = (raw ?? '').trim().toLowerCase().slice(0, 2);
  return (langs as readonly string[]).includes(code) ? (code as Lang) : 'en';
}

export type Vars = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, vars?: Vars) => string;

/** A translator for one language; a key missing there falls back to English. */
export function translator(lang: Lang): Translate {
  const catalog = catalogs[lang];
  return (key, vars) => {
    const text = catalog[key] ?? en[key] ?? key;
    return vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(vars[name] ?? whole)) : text;
  };
}

type I18n = { lang: Lang; locale: string; t: Translate };

const I18nContext = createContext<I18n>({ lang: 'en', locale: 'en', t: translator('en') });

export function I18nProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  const value = useMemo<I18n>(
    () => ({ lang, locale: numberLocales[lang] ?? 'en', t: translator(lang) }),
    [lang],
  );
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  return useContext(I18nContext);
}

export type { MessageKey };
