import { interfaceLanguages, messageLanguages } from '@sorte/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeInterfaceLanguage, storedInterfaceLanguage } from '../../lib/i18n';
import { useSessionSnapshot } from '../../lib/session-store';
import { useApi } from '../../lib/use-api';
import styles from './language-picker.module.css';

/** Each language named in itself, so a person finds theirs whatever the current language is. */
const nativeNames: Record<string, string> = {
  EN: 'English',
  PT: 'Português',
  ES: 'Español',
  BN: 'বাংলা',
  CN: '简体中文',
  TW: '繁體中文',
  JA: '日本語',
  TH: 'ไทย',
  VI: 'Tiếng Việt',
  MY: 'မြန်မာ',
  HI: 'हिन्दी',
  ID: 'Bahasa Indonesia',
  KM: 'ខ្មែរ',
  KO: '한국어',
  MS: 'Bahasa Melayu',
  TA: 'தமிழ்',
  UR: 'اردو',
  TR: 'Türkçe',
  AR: 'العربية',
  FA: 'فارسی',
  RU: 'Русский',
  KK: 'Қазақша',
  UZ: 'Oʻzbekcha',
  LO: 'ລາວ',
  NE: 'नेपाली',
  FR: 'Français',
  TE: 'తెలుగు',
  SW: 'Kiswahili',
};

const full = new Set<string>(messageLanguages);
const others = interfaceLanguages.filter((code) => !full.has(code));

/**
 * Every interface language of the spec: the four with their own texts first, then the others, whose
 * group says that their texts show in English. A change is stored, applied, and told to the server
 * when a member is signed in (spec section 4: "informs the server (action with field language)").
 */
export function LanguagePicker() {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState(storedInterfaceLanguage);
  const { token } = useSessionSnapshot();
  const api = useApi();
  const choose = (next: string) => {
    setCode(next);
    void changeInterfaceLanguage(next);
    if (token) {
      // The member's language for messages and notices; the page has switched already either way.
      api('/wps/member/language', { method: 'PUT', body: { language: next } }).catch(() => undefined);
    }
  };
  return (
    <div className={styles.picker}>
      <label htmlFor={id} className="visually-hidden">
        {t('preferences.language')}
      </label>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path
          d="M3 12h18M12 3c3 3.2 3 14.8 0 18M12 3c-3 3.2-3 14.8 0 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
      <span className={styles.code} aria-hidden="true">
        {code}
      </span>
      <span className={styles.name} aria-hidden="true">
        {nativeNames[code] ?? code}
      </span>
      <select
        id={id}
        className={styles.select}
        value={code}
        title={full.has(code) ? undefined : t('preferences.otherLanguagesNote')}
        onChange={(event) => choose(event.target.value)}
      >
        {messageLanguages.map((c) => (
          <option key={c} value={c}>
            {nativeNames[c] ?? c}
          </option>
        ))}
        <optgroup label={t('preferences.otherLanguages')}>
          {others.map((c) => (
            <option key={c} value={c}>
              {nativeNames[c] ?? c}
            </option>
          ))}
        </optgroup>
      </select>
    </div>
  );
}
