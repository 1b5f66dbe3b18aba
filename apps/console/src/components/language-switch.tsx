import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ConsoleLanguage, changeLanguage, consoleLanguages } from '../lib/i18n';

// Each language is named in itself, so anyone can find theirs.
const names: Record<ConsoleLanguage, string> = { en: 'English', pt: 'Português' };

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('header.language')}
      value={i18n.language}
      onChange={(value) => void changeLanguage(value as ConsoleLanguage)}
      data={consoleLanguages.map((language) => ({
        value: language,
        label: <span title={names[language]}>{language.toUpperCase()}</span>,
      }))}
    />
  );
}
