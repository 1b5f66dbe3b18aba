import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSocialProviders } from '../api/settings';
import styles from './auth-forms.module.css';

const icons: Record<string, ReactElement> = {
  google: (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.6-2.8z" />
      <path
        fill="#EA4335"
        d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.4 9.1 5.4 12 5.4z"
      />
    </svg>
  ),
  facebook: (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill="#1877F2" />
      <path
        fill="#fff"
        d="M13.4 19v-6h2l.3-2.4h-2.3V9.1c0-.7.2-1.2 1.2-1.2h1.2V5.8a17 17 0 0 0-1.8-.1c-1.8 0-3 1.1-3 3.1v1.8h-2V13h2v6h2.4z"
      />
    </svg>
  ),
};

/**
 * Sign-in with Google or Facebook: plain links to the server's start address, which comes back to
 * `/?token=…` when done. Nothing shows while the server offers no channel.
 */
export function SocialButtons() {
  const { t } = useTranslation();
  const providers = useSocialProviders().data ?? [];
  const links = providers.filter((p) => p.startUrl && icons[p.channel]);
  if (links.length === 0) return null;
  return (
    <div className={styles.social}>
      <p className={styles.divider}>
        <span>{t('auth.login.orContinueWith')}</span>
      </p>
      <div className={styles.socialRow}>
        {links.map((provider) => (
          <a key={provider.channel} className={styles.socialButton} href={provider.startUrl ?? '#'}>
            {icons[provider.channel]}
            <span>{t(`auth.social.${provider.channel}`)}</span>
          </a>
        ))}
      </div>
    </div>
  );
}
