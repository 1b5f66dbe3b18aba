import type { Downline } from '@sorte/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../components/ui/date-time';
import { EmptyState } from '../../../components/ui/empty-state';
import { Money } from '../../../components/ui/money';
import { PagedQueryState } from '../../../components/ui/paged-query-state';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { currentMerchant } from '../../../lib/merchant';
import { useDownlines } from '../api';
import styles from './agent-centre.module.css';
import { PanelHead } from './agent-menu';

const typeKey = (type: number) => (type === 0 ? 'member' : 'agent');

/**
 * Team management (spec section 2): the downline list with search, level, type and status, paged;
 * ?parent=<id> drills down to one member's direct downlines (an address, so back and reload work).
 */
export function TeamList() {
  const { t, i18n } = useTranslation('agent');
  const [params, setParams] = useSearchParams();
  const parentId = params.get('parent') ?? undefined;
  const [search, setSearch] = useState('');
  const [username, setUsername] = useState<string | undefined>();
  const [level, setLevel] = useState('');
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const downlines = useDownlines({
    parentId,
    username,
    level: level ? Number(level) : undefined,
    type: type === '' ? undefined : Number(type),
    status: status || undefined,
    page,
  });
  const timeZone = currentMerchant().timeZone;
  const parent = downlines.data?.parent ?? null;
  const reset = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <>
      <PanelHead title={t('menu.team')} lead={t('team.lead')} />
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          reset(() => setUsername(search.trim() || undefined));
        }}
      >
        <TextField label={t('filters.username')} value={search} onChange={setSearch} type="search" />
        <SelectField
          label={t('team.level')}
          value={level}
          options={[
            { value: '', label: t('filters.all') },
            ...[1, 2, 3, 4, 5].map((l) => ({ value: String(l), label: String(l) })),
          ]}
          onChange={(v) => reset(() => setLevel(v))}
        />
        <SelectField
          label={t('team.type')}
          value={type}
          options={[
            { value: '', label: t('filters.all') },
            { value: '0', label: t('register.types.member') },
            { value: '1', label: t('register.types.agent') },
          ]}
          onChange={(v) => reset(() => setType(v))}
        />
        <SelectField
          label={t('team.status')}
          value={status}
          options={[
            { value: '', label: t('filters.all') },
            { value: 'active', label: t('team.statuses.active') },
            { value: 'blocked', label: t('team.statuses.blocked') },
          ]}
          onChange={(v) => reset(() => setStatus(v))}
        />
        <Button type="submit">{t('filters.search')}</Button>
      </form>
      {parentId && (
        <p className={styles.actions}>
          <span>{t('team.downlinesOf', { username: parent?.username ?? '' })}</span>
          <Button variant="outline" size="sm" onClick={() => setParams({})}>
            {t('team.wholeTeam')}
          </Button>
        </p>
      )}
      <PagedQueryState<Downline>
        query={downlines}
        page={page}
        onPage={setPage}
        pagesLabel={t('team.pages')}
        rowHeight={44}
        empty={<EmptyState icon="search" title={t('team.empty')} />}
      >
        {(rows) => (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>{t('filters.username')}</th>
                  <th>{t('team.level')}</th>
                  <th>{t('team.type')}</th>
                  <th>{t('team.status')}</th>
                  <th className={styles.num}>{t('team.balance')}</th>
                  <th>{t('team.lastLogin')}</th>
                  <th>{t('team.registered')}</th>
                  <th>{t('team.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} data-downline={row.username}>
                    <td>
                      <strong>{row.username}</strong>
                      {row.nickname && row.nickname !== row.username && (
                        <span className={styles.muted}> · {row.nickname}</span>
                      )}
                    </td>
                    <td>{row.level}</td>
                    <td>{t(`register.types.${typeKey(row.type)}`)}</td>
                    <td>{t(`team.statuses.${row.status}`)}</td>
                    <td className={styles.num}>
                      <Money value={row.balance} currency={downlines.data?.currency ?? 'BRL'} />
                    </td>
                    <td>{row.lastLogin ? formatDateTime(row.lastLogin, i18n.language, timeZone) : '—'}</td>
                    <td>{formatDateTime(row.registered, i18n.language, timeZone)}</td>
                    <td className={styles.actions}>
                      {row.directDownlines > 0 && (
                        <button
                          type="button"
                          className={styles.linkButton}
                          onClick={() => {
                            setPage(1);
                            setParams({ parent: row.id });
                          }}
                        >
                          {t('team.drillDown', { count: row.directDownlines })}
                        </button>
                      )}
                      {row.level === 1 && (
                        <Link
                          to={`/agentHome/team/${row.id}/transfer?name=${encodeURIComponent(row.username)}`}
                        >
                          {t('team.transfer')}
                        </Link>
                      )}
                      {row.type !== 0 && row.level === 1 && (
                        <Link to={`/agentHome/team/${row.id}/contracts`}>{t('team.contracts')}</Link>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedQueryState>
    </>
  );
}
