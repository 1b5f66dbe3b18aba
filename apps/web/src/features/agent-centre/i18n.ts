import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The agent centre's texts (namespace `agent`) load with the agent centre only, so the player
 * site's first page never carries them.
 */
const catalogs = import.meta.glob<Record<string, unknown>>(
  '../../../../../packages/shared/locales/*/agent.json',
  {
    import: 'default',
  },
);

export async function loadAgentTexts(language: string): Promise<void> {
  const languages = new Set(['en', language.toLowerCase()]);
  await Promise.all(
    [...languages].map(async (lang) => {
      if (i18next.hasResourceBundle(lang, 'agent')) return;
      const load = catalogs[`../../../../../packages/shared/locales/${lang}/agent.json`];
      if (load) i18next.addResourceBundle(lang, 'agent', await load(), true, true);
    }),
  );
}

/** True once the agent texts of the interface language (and EN, the fallback) are in. */
export function useAgentTexts(): boolean {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [loaded, setLoaded] = useState(() => i18next.hasResourceBundle(language, 'agent'));
  useEffect(() => {
    let live = true;
    loadAgentTexts(language).then(
      () => live && setLoaded(true),
      () => live && setLoaded(true),
    );
    return () => {
      live = false;
    };
  }, [language]);
  return loaded;
}
