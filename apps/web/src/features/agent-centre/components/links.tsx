import type { AgentLinks } from '@sorte/shared/contracts/agent-links';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/ui/copy-field';
import { EmptyState } from '../../../components/ui/empty-state';
import { QrCode } from '../../../components/ui/qr-code';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useApi } from '../../../lib/use-api';
import styles from './agent-centre.module.css';
import { PanelHead } from './agent-menu';
import linkStyles from './links.module.css';

export const agentLinksKey = ['agent', 'links'] as const;

/** The agent's invitation links (GET /wps/agent/links): per merchant domain, with what each brought. */
export function useAgentLinks() {
  const api = useApi();
  return useQuery({
    queryKey: agentLinksKey,
    queryFn: ({ signal }) => api<AgentLinks>('/wps/agent/links', { signal }),
  });
}

/**
 * Domain/link management (spec section 2): one card per domain with the link to copy, its QR code
 * (the encoder loads with the first code shown) and the registrations and first depositors it brought.
 */
export function AgentLinksPage() {
  const { t } = useTranslation('agent');
  const links = useAgentLinks();
  return (
    <>
      <PanelHead title={t('menu.links')} lead={t('links.lead')} />
      <QueryState
        query={links}
        loading={<Skeleton height={200} />}
        isEmpty={(data) => data.links.length === 0}
        empty={<EmptyState compact icon="gift" title={t('links.noCode')} />}
      >
        {(data) => (
          <>
            <ul className={linkStyles.cards}>
              {data.links.map((link) => (
                <li key={link.domain} className={linkStyles.card} data-link={link.domain}>
                  <h2 className={linkStyles.domain}>{link.domain}</h2>
                  <div className={linkStyles.body}>
                    <QrCode value={link.url} size={132} label={t('links.qr', { domain: link.domain })} />
                    <div className={linkStyles.details}>
                      <CopyField label={t('links.url')} value={link.url} multiline />
                      <dl className={linkStyles.figures}>
                        <div>
                          <dt>{t('links.registrations')}</dt>
                          <dd>{link.registrations}</dd>
                        </div>
                        <div>
                          <dt>{t('links.firstDepositors')}</dt>
                          <dd>{link.firstDepositors}</dd>
                        </div>
                      </dl>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <p className={styles.muted}>
              {t('links.other', {
                registrations: data.other.registrations,
                firstDepositors: data.other.firstDepositors,
              })}
            </p>
          </>
        )}
      </QueryState>
    </>
  );
}
