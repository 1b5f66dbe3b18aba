import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import type { Captcha } from '../hooks/use-captcha';
import styles from './auth-forms.module.css';

type Props = {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  captcha: Captcha | null;
  loading: boolean;
  onRefresh: () => void;
};

/** The captcha answer beside its picture; pressing the picture brings a new one. */
export function CaptchaField({ value, onChange, error, captcha, loading, onRefresh }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.captchaRow}>
      <TextField
        className={styles.grow}
        label={t('auth.captcha.label')}
        value={value}
        onChange={onChange}
        error={error}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={16}
      />
      <button
        type="button"
        className={styles.captchaImage}
        onClick={onRefresh}
        aria-label={t('auth.captcha.refresh')}
        title={t('auth.captcha.refresh')}
        aria-busy={loading || undefined}
      >
        {captcha ? (
          // The server draws it 150 by 50 (dark glyphs on white): shown at that size, never shrunk.
          <img src={captcha.image} alt={t('auth.captcha.image')} width={150} height={50} />
        ) : (
          <span className={styles.captchaPlaceholder}>{t('loading')}</span>
        )}
      </button>
    </div>
  );
}
