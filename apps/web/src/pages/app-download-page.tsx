import { interfaceLanguages } from '@sorte/shared';
import i18next from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Icon } from '../components/ui/icon';
import { QrCode } from '../components/ui/qr-code';
import { useSiteResources } from '../features/footer/api/site-resources';
import { changeInterfaceLanguage, storedInterfaceLanguage } from '../lib/i18n';
import { captureInstallPrompt, useInstallPrompt } from '../lib/install-prompt';
import { readStored, storageKeys } from '../lib/storage-keys';
import styles from './app-download-page.module.css';

// The page's texts (the `pwa` catalog) are small and used nowhere else: they ship with this page.
const catalogs = import.meta.glob<Record<string, unknown>>('../../../../packages/shared/locales/*/pwa.json', {
  import: 'default',
  eager: true,
});
function addCatalogs() {
  for (const [path, catalog] of Object.entries(catalogs)) {
    const lang = path.split('/').at(-2) as string;
    if (!i18next.hasResourceBundle(lang, 'pwa')) i18next.addResourceBundle(lang, 'pwa', catalog, true, true);
  }
}

type Platform = 'ios' | 'android';

/** The phone this page is open on: the QR code's `os`, else the browser's own word for it. */
function platformOf(param: string | null): Platform | null {
  if (param === 'ios' || param === 'android') return param;
  if (typeof navigator === 'undefined') return null;
  if (/iphone|ipad|ipod/i.test(navigator.userAgent)) return 'ios';
  if (/android/i.test(navigator.userAgent)) return 'android';
  return null;
}

const steps: Record<Platform, { title: string; icon: 'apple' | 'android'; keys: string[] }> = {
  android: {
    title: 'appDownload.androidTitle',
    icon: 'android',
    keys: ['androidStep1', 'androidStep2', 'androidStep3', 'androidStep4'],
  },
  ios: {
    title: 'appDownload.iosTitle',
    icon: 'apple',
    keys: ['iosStep1', 'iosStep2', 'iosStep3', 'iosStep4'],
  },
};

/**
 * /app, the member centre's app download (spec section 2: iOS, Android, lite app, installation
 * steps). The lite app is this site installed from the browser: a button when the browser offers
 * it, the steps for Chrome and Safari otherwise, the merchant's store apps when it has them, and a
 * QR code of this page for a visitor on a computer. Open to guests: the side menu's codes lead here.
 */
export default function AppDownloadPage() {
  addCatalogs();
  const { t } = useTranslation('pwa');
  const [params] = useSearchParams();
  const { canInstall, installed, install } = useInstallPrompt();
  const resources = useSiteResources().data;
  const platform = platformOf(params.get('os'));
  const lang = params.get('lang');

  useEffect(() => captureInstallPrompt(), []);
  // A code scanned from another screen carries that screen's language; a phone that has never
  // chosen one takes it.
  useEffect(() => {
    const known = lang && (interfaceLanguages as readonly string[]).includes(lang.toUpperCase());
    if (known && !readStored(localStorage, storageKeys.lang))
      void changeInterfaceLanguage(lang.toUpperCase());
  }, [lang]);

  const order: Platform[] = platform === 'ios' ? ['ios', 'android'] : ['android', 'ios'];
  const stores = [
    {
      os: 'ios',
      icon: 'apple',
      label: t('appDownload.storeIos'),
      url: resources?.find((r) => r.type === 'APP_IOS')?.url,
    },
    {
      os: 'android',
      icon: 'android',
      label: t('appDownload.storeAndroid'),
      url: resources?.find((r) => r.type === 'APP_ANDROID')?.url,
    },
  ] as const;
  const available = stores.filter((store) => store.url && /^https?:\/\//i.test(store.url));
  const pageUrl = `${window.location.origin}/app?${new URLSearchParams({ lang: storedInterfaceLanguage() })}`;

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <img className={styles.appIcon} src="/icons/icon.svg" alt="" width={72} height={72} />
        <div>
          <h1 className={styles.title}>{t('appDownload.title')}</h1>
          <p className={styles.lead}>{t('appDownload.lead')}</p>
        </div>
      </header>

      <Card title={t('appDownload.liteTitle')} highlight>
        <p className={styles.text}>{t('appDownload.liteBody')}</p>
        {installed ? (
          <p className={styles.installed} role="status">
            {t('appDownload.installed')}
          </p>
        ) : (
          canInstall && (
            <Button onClick={() => void install()} block>
              <Icon name="download" size={20} />
              {t('appDownload.install')}
            </Button>
          )
        )}
      </Card>

      <div className={styles.steps}>
        {order.map((os) => (
          <Card
            key={os}
            title={
              <span className={styles.stepsTitle}>
                <Icon name={steps[os].icon} size={20} />
                {t(steps[os].title)}
              </span>
            }
          >
            <ol className={styles.list}>
              {steps[os].keys.map((key) => (
                <li key={key}>{t(`appDownload.${key}`)}</li>
              ))}
            </ol>
          </Card>
        ))}
      </div>

      {available.length > 0 && (
        <Card title={t('appDownload.storesTitle')}>
          <ul className={styles.stores}>
            {available.map((store) => (
              <li key={store.os}>
                <a className={styles.store} href={store.url} target="_blank" rel="noopener noreferrer">
                  <Icon name={store.icon} size={20} />
                  {store.label}
                </a>
              </li>
            ))}
          </ul>
        </Card>
      )}

      <Card title={t('appDownload.qrTitle')}>
        <div className={styles.qr}>
          <QrCode value={pageUrl} size={152} label={t('appDownload.qrLabel')} />
          <p className={styles.text}>{t('appDownload.qrBody')}</p>
        </div>
      </Card>
    </div>
  );
}
