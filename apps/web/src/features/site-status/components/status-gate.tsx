import type { SiteStatus } from '@sorte/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { useSiteStatus } from '../api/site-status';
import { statusView } from '../status-view';
import { StatusScreen } from './status-screen';
import styles from './status-screen.module.css';

type Props = {
  children: ReactNode;
  /** The merchant's customer service address (resources), used when maintenance names none. */
  customerServiceUrl?: string | null | undefined;
  /** Shown at the top of the status pages (the language picker). */
  toolbar?: ReactNode;
  /** On the region-blocked page: a way to the merchant of the visitor's country, when there is one. */
  regionOffer?: (countryCode: string | null) => ReactNode;
};

/**
 * Spec section 2: the normal app shows only when the system status is 0. Maintenance (1) and region
 * block (2) replace the whole site, maintenance first; a loader shows while the status loads, and a
 * retry when it could not be read, never a blank page.
 */
export function StatusGate({ children, customerServiceUrl, toolbar, regionOffer }: Props) {
  const query = useSiteStatus();
  const view = statusView(query);
  if (view === 'open') return children;
  if (view === 'loading') return <StatusLoading />;
  if (view === 'failed')
    return <StatusFailed toolbar={toolbar} onRetry={() => query.refetch()} busy={query.isFetching} />;
  const status = query.data as SiteStatus;
  if (view === 'maintenance')
    return (
      <MaintenancePage
        maintenance={status.maintenance}
        customerServiceUrl={status.maintenance?.links.customerService ?? customerServiceUrl}
        toolbar={toolbar}
      />
    );
  return (
    <RegionBlockedPage
      region={status.region}
      customerServiceUrl={customerServiceUrl}
      toolbar={toolbar}
      offer={regionOffer?.(status.region?.countryCode ?? null)}
    />
  );
}

function StatusLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status">
      <svg className={styles.pulse} viewBox="0 0 64 64" width="56" height="56" aria-hidden="true">
        <circle cx="32" cy="32" r="20" fill="none" stroke="var(--color-primary)" strokeWidth="6" />
        <circle cx="32" cy="32" r="7" fill="var(--color-accent)" />
      </svg>
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}

function StatusFailed({
  toolbar,
  onRetry,
  busy,
}: {
  toolbar: ReactNode;
  onRetry: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <StatusScreen icon="refresh" title={t('status.failedTitle')} toolbar={toolbar}>
      <p className={styles.text}>{t('status.failedBody')}</p>
      <div className={styles.actions}>
        <Button block onClick={onRetry} busy={busy}>
          {t('error.retry')}
        </Button>
      </div>
    </StatusScreen>
  );
}

function CustomerServiceLink({ url }: { url: string | null | undefined }) {
  const { t } = useTranslation();
  if (!url) return null;
  return (
    <a className={styles.primaryLink} href={url} target="_blank" rel="noopener noreferrer">
      <Icon name="headset" />
      {t('status.customerService')}
    </a>
  );
}

const socialOrder = ['telegram', 'instagram', 'facebook'] as const;
const socialNames = { telegram: 'Telegram', instagram: 'Instagram', facebook: 'Facebook' } as const;

export function MaintenancePage({
  maintenance,
  customerServiceUrl,
  toolbar,
}: {
  maintenance: SiteStatus['maintenance'];
  customerServiceUrl: string | null | undefined;
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation();
  const links = maintenance?.links ?? {};
  const socials = socialOrder.filter((key) => links[key]);
  return (
    <StatusScreen icon="cone" title={maintenance?.title || t('status.maintenanceTitle')} toolbar={toolbar}>
      <p className={styles.text}>{maintenance?.info || t('status.maintenanceBody')}</p>
      <div className={styles.actions}>
        <CustomerServiceLink url={customerServiceUrl} />
      </div>
      {socials.length > 0 && (
        <>
          <p className={styles.note}>{t('status.followUs')}</p>
          <ul className={styles.socials}>
            {socials.map((key) => (
              <li key={key}>
                <a className={styles.social} href={links[key]} target="_blank" rel="noopener noreferrer">
                  <Icon name={key} />
                  {socialNames[key]}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className={styles.note}>{t('status.autoRetry')}</p>
    </StatusScreen>
  );
}

export function RegionBlockedPage({
  region,
  customerServiceUrl,
  toolbar,
  offer,
}: {
  region: SiteStatus['region'];
  customerServiceUrl: string | null | undefined;
  toolbar?: ReactNode;
  offer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <StatusScreen icon="blocked" tone="danger" title={t('status.blockedTitle')} toolbar={toolbar}>
      <p className={styles.text}>{t('status.blockedBody')}</p>
      {region && (
        <dl className={styles.facts}>
          <dt>{t('status.ipAddress')}</dt>
          <dd data-testid="visitor-ip">{region.ip}</dd>
          {region.countryCode && (
            <>
              <dt>{t('status.country')}</dt>
              <dd>{region.countryCode}</dd>
            </>
          )}
        </dl>
      )}
      <div className={styles.actions}>
        {offer}
        <CustomerServiceLink url={customerServiceUrl} />
      </div>
    </StatusScreen>
  );
}
