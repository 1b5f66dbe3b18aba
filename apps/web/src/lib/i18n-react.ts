import type { i18n as I18n, TFunction } from 'i18next';
import { createContext, createElement, type ReactNode, useContext, useSyncExternalStore } from 'react';

/**
 * The site's React binding of i18next, in place of react-i18next (vite.config.ts and
 * vitest.config.ts point `react-i18next` here, so components keep importing `useTranslation` from
 * it). react-i18next's hook does per component, on every render, what only changes when the
 * language does: it spreads its options, JSON-encodes the namespaces, checks that each namespace
 * has loaded, and subscribes every mounted component to i18next's events. The lobby's first render
 * on a phone spent about a tenth of its time there (hundreds of tiles, links and labels). Here every
 * component of a namespace shares one answer (t, i18n), made again only when the language changes
 * or texts are added, and one subscription per i18next instance tells them.
 */

type Translation = { t: TFunction; i18n: I18n; ready: boolean };

let registered: I18n | undefined;
const I18nContext = createContext<I18n | undefined>(undefined);

/** The i18next plugin (`i18next.use(initReactI18next)`): components outside a provider use it. */
export const initReactI18next = {
  type: '3rdParty' as const,
  init(instance: I18n) {
    registered = instance;
  },
};

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

/** One per i18next instance: the shared answers per namespace, and who to tell when they change. */
class TranslationStore {
  private readonly answers = new Map<string, Translation>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly i18n: I18n) {
    const changed = () => {
      this.answers.clear();
      for (const listener of this.listeners) listener();
    };
    // A new language, or texts added later (a namespace a page loads when opened, e.g. `agent`).
    i18n.on('languageChanged', changed);
    i18n.store.on('added', changed);
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  answer(namespace: string): Translation {
    let answer = this.answers.get(namespace);
    if (!answer) {
      const { i18n } = this;
      answer = {
        t: i18n.getFixedT(i18n.language, namespace),
        i18n,
        ready: i18n.isInitialized && i18n.hasLoadedNamespace(namespace),
      };
      this.answers.set(namespace, answer);
    }
    return answer;
  }
}

/** Without any i18next instance (a component rendered on its own), keys stand for their texts. */
const untranslated = {
  t: ((key: string | string[]) => (Array.isArray(key) ? key[key.length - 1] : key)) as unknown as TFunction,
  i18n: undefined as unknown as I18n,
  ready: false,
};
const neverChanges = () => () => {};

const stores = new WeakMap<I18n, TranslationStore>();

function storeOf(i18n: I18n): TranslationStore {
  let store = stores.get(i18n);
  if (!store) {
    store = new TranslationStore(i18n);
    stores.set(i18n, store);
  }
  return store;
}

/** `const { t, i18n } = useTranslation()` (or `useTranslation('agent')` for another namespace). */
export function useTranslation(namespace?: string): Translation {
  const i18n = useContext(I18nContext) ?? registered;
  const store = i18n ? storeOf(i18n) : undefined;
  const ns = namespace ?? (i18n?.options.defaultNS as string | undefined) ?? 'translation';
  const answer = () => store?.answer(ns) ?? untranslated;
  return useSyncExternalStore(store?.subscribe ?? neverChanges, answer, answer);
}
