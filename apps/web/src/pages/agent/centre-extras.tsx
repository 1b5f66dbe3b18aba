import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/ui/date-time';
import { EmptyState } from '../../components/ui/empty-state';
import { FormattedContent } from '../../components/ui/formatted-content';
import { QueryState } from '../../components/ui/query-state';
import { Skeleton } from '../../components/ui/skeleton';
import styles from '../../features/agent-centre/components/agent-centre.module.css';
import { PanelHead } from '../../features/agent-centre/components/agent-menu';
import { useNotices } from '../../features/announcements/api/announcements';
import { useSiteResources } from '../../features/footer/api/site-resources';
import { currentMerchant } from '../../lib/merchant';

/** Announcements (the player notices) inside the agent centre. */
export function AgentAnnouncements() {
  const { t, i18n } = useTranslation('agent');
  const notices = useNotices();
  const zone = currentMerchant().timeZone;
  return (
    <>
      <PanelHead title={t('menu.announcements')} />
      <QueryState
        query={notices}
        loading={<Skeleton height={120} />}
        isEmpty={(data) => data.player.length + data.banners.length === 0}
        empty={<EmptyState icon="gift" title={t('announcements.empty')} />}
      >
        {(data) =>
          [...data.player, ...data.banners].map((notice) => (
            <article key={notice.id} className={styles.contractCard}>
              <strong>{notice.title}</strong>
              <p className={styles.muted}>{formatDateTime(notice.time, i18n.language, zone)}</p>
              <FormattedContent html={notice.content} />
            </article>
          ))
        }
      </QueryState>
    </>
  );
}

/** Customer service: the merchant's service link, opened in a new tab. */
export function AgentCustomerService() {
  const { t } = useTranslation('agent');
  const resources = useSiteResources();
  return (
    <>
      <PanelHead title={t('menu.customerService')} lead={t('service.lead')} />
      <QueryState query={resources} loading={<Skeleton height={60} />}>
        {(data) => {
          const link = data.find((r) => r.type === 'CUSTOMER_SERVICE');
          return link ? (
            <a href={link.url} target="_blank" rel="noopener noreferrer" data-service-link>
              {t('service.open')}
            </a>
          ) : (
            <EmptyState icon="search" title={t('service.none')} />
          );
        }}
      </QueryState>
    </>
  );
}
