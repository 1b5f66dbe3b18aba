import type { AgentContract, ContractKind } from '@sorte/shared/contracts/agent-contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../components/ui/date-time';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState } from '../../../components/ui/query-state';
import { SelectField } from '../../../components/ui/select-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { currentMerchant } from '../../../lib/merchant';
import {
  currencyDecimals,
  useAcceptContract,
  useContractView,
  useDownlines,
  useOfferContract,
  useRejectContract,
} from '../api';
import { emptyTermsForm, headlineRate, type TermsError, type TermsForm, termsFromForm } from '../terms';
import styles from './agent-centre.module.css';
import { PanelHead } from './agent-menu';
import { SettlementList } from './income';
import { TermsFields } from './terms-fields';

function ContractCard({ contract, children }: { contract: AgentContract; children?: React.ReactNode }) {
  const { t, i18n } = useTranslation('agent');
  const timeZone = currentMerchant().timeZone;
  return (
    <article className={styles.contractCard} data-contract={contract.id} data-status={contract.status}>
      <strong>{t(`menu.${contract.kind}`)}</strong> · {t(`contracts.statuses.${contract.status}`)}
      <dl>
        <dt>{t('contracts.rate')}</dt>
        <dd>{headlineRate(contract.terms)}</dd>
        <dt>{t('contracts.from')}</dt>
        <dd>{contract.uplineName ?? t('contracts.house')}</dd>
        <dt>{t('contracts.to')}</dt>
        <dd>{contract.downlineName}</dd>
        <dt>{t('contracts.offeredAt')}</dt>
        <dd>{formatDateTime(contract.offeredAt, i18n.language, timeZone)}</dd>
      </dl>
      {children}
    </article>
  );
}

/** An offer made to me: accept (confirming the cascade when the server asks) or reject. */
function OfferToMe({ offer }: { offer: AgentContract }) {
  const { t } = useTranslation('agent');
  const accept = useAcceptContract();
  const reject = useRejectContract();
  const needsConfirm = accept.error instanceof ApiError && accept.error.code === 'CONTRACT_CONFIRM_REQUIRED';
  const error = accept.error ?? reject.error;
  return (
    <ContractCard contract={offer}>
      {needsConfirm && <p className={styles.error}>{accept.error?.message}</p>}
      {error && !needsConfirm && (
        <p className={styles.error} role="alert">
          {error.message}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          size="sm"
          disabled={accept.isPending}
          onClick={() => accept.mutate({ id: offer.id, confirm: needsConfirm })}
        >
          {needsConfirm ? t('contracts.confirmAccept') : t('contracts.accept')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={reject.isPending}
          onClick={() => reject.mutate(offer.id)}
        >
          {t('contracts.reject')}
        </Button>
      </div>
    </ContractCard>
  );
}

/** Offer a contract of this kind to one direct downline agent. */
function OfferForm({ kind, downlineId }: { kind: ContractKind; downlineId: string }) {
  const { t } = useTranslation('agent');
  const offer = useOfferContract();
  const [form, setForm] = useState<TermsForm>(emptyTermsForm);
  const [error, setError] = useState<TermsError | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const made = termsFromForm(kind, form, currencyDecimals());
    if ('error' in made) return setError(made.error);
    setError(null);
    offer.mutate({ downlineId, terms: made.terms });
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TermsFields kind={kind} form={form} onChange={setForm} error={error} />
      {offer.error && (
        <p className={styles.error} role="alert">
          {offer.error.message}
        </p>
      )}
      {offer.isSuccess && <p role="status">{t('contracts.offerSent')}</p>}
      <div className={styles.actions}>
        <Button type="submit" disabled={offer.isPending}>
          {t('contracts.offer')}
        </Button>
      </div>
    </form>
  );
}

/** Offer this kind to one of my direct downline agents, picked from a list. */
function DownlineOffer({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation('agent');
  const direct = useDownlines({ level: 1, page: 1 });
  const agents = (direct.data?.content ?? []).filter((d) => d.type !== 0);
  const [picked, setPicked] = useState('');
  const downlineId = picked || agents[0]?.id || '';
  if (direct.isSuccess && agents.length === 0)
    return <EmptyState compact icon="search" title={t('contracts.noDirectAgents')} />;
  return (
    <>
      <SelectField
        label={t('contracts.downline')}
        value={downlineId}
        options={agents.map((a) => ({ value: a.id, label: a.username }))}
        onChange={setPicked}
      />
      {downlineId && <OfferForm key={downlineId} kind={kind} downlineId={downlineId} />}
    </>
  );
}

/**
 * Bonus/dividend, daily, hourly, real-time salary (spec section 2): my contract, offers to me, the
 * contracts I gave my downlines, and the settlements; with memberId, one downline's contracts and an
 * offer form for it (team management).
 */
export function ContractKindView({
  kind,
  memberId,
  canOffer = false,
}: {
  kind: ContractKind;
  memberId?: string;
  /** The caller holds an active contract of this kind, so it can offer one below it. */
  canOffer?: boolean;
}) {
  const { t } = useTranslation('agent');
  const view = useContractView(kind, memberId);
  return (
    <QueryState query={view} loading={<Skeleton height={200} />}>
      {(data) => (
        <>
          {!memberId && (
            <>
              <section className={styles.section}>
                <h2>{t('contracts.mine')}</h2>
                {data.active ? (
                  <ContractCard contract={data.active} />
                ) : (
                  <EmptyState compact icon="gift" title={t('contracts.noneActive')} />
                )}
              </section>
              {data.offers.length > 0 && (
                <section className={styles.section}>
                  <h2>{t('contracts.offersToMe')}</h2>
                  {data.offers.map((offer) => (
                    <OfferToMe key={offer.id} offer={offer} />
                  ))}
                </section>
              )}
            </>
          )}
          <section className={styles.section}>
            <h2>{t('contracts.given')}</h2>
            {data.downlines.length === 0 ? (
              <EmptyState compact icon="gift" title={t('contracts.noneGiven')} />
            ) : (
              data.downlines.map((c) => <ContractCard key={c.id} contract={c} />)
            )}
          </section>
          {memberId && canOffer && data.downlines.every((c) => c.status !== 'active') && (
            <section className={styles.section}>
              <h2>{t('contracts.offerTitle')}</h2>
              <OfferForm kind={kind} downlineId={memberId} />
            </section>
          )}
          {!memberId && data.active && (
            <section className={styles.section}>
              <h2>{t('contracts.offerTitle')}</h2>
              <DownlineOffer kind={kind} />
            </section>
          )}
          {!memberId && (
            <section className={styles.section}>
              <h2>{t('contracts.settlements')}</h2>
              <SettlementList kind={kind} />
            </section>
          )}
        </>
      )}
    </QueryState>
  );
}

export function ContractKindPage({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation('agent');
  return (
    <>
      <PanelHead title={t(`menu.${kind}`)} lead={t('contracts.lead')} />
      <ContractKindView kind={kind} />
    </>
  );
}
