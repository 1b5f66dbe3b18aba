import { CopyButton } from '../../components/copy-button';
import { Spinner } from '../../components/spinner';
import { apiCall } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { formatHundredths } from '../../lib/money';
import { useFetch } from '../../lib/use-fetch';
import { verifyHref } from '../../verify/verify-link';
import styles from './crash-fairness-panel.module.css';
import { toHundredths } from './multiplier';

type ChainFacts = { salt: string; terminatingHash: string; chainLength: number };
type ChainRound = { gameId: string | number; hash: string; crashPoint: number };

/**
 * Crash is one hash chain for every player (bustabit style): the terminating hash was published
 * before game 1, and each game's hash, revealed when it ends, hashes forward to it. The salt keys
 * the crash point. Here: the chain's facts and the last games, each one a link to the verifier.
 */
export function CrashFairnessPanel() {
  const { t, locale } = useI18n();
  const facts = useFetch((signal) => apiCall<ChainFacts>('/fairness', { area: 'crash', signal }), []);
  const rounds = useFetch((signal) => apiCall<ChainRound[]>('/history', { area: 'crash', signal }), []);
  if (facts.isLoading && !facts.data) return <Spinner label={t('historyLoading')} />;
  return (
    <div className={styles.panel}>
      <p className={styles.intro}>{t('crashFairIntro')}</p>
      {facts.data ? (
        <dl className={styles.facts}>
          <div>
            <dt>{t('verifyTerminatingHash')}</dt>
            <dd className={styles.row}>
              <code className={styles.code}>{facts.data.terminatingHash}</code>
              <CopyButton value={facts.data.terminatingHash} label={t('verifyTerminatingHash')} />
            </dd>
          </div>
          <div>
            <dt>{t('verifySalt')}</dt>
            <dd className={styles.row}>
              <code className={styles.code}>{facts.data.salt}</code>
              <CopyButton value={facts.data.salt} label={t('verifySalt')} />
            </dd>
          </div>
          <div>
            <dt>{t('crashChainLength')}</dt>
            <dd className="tabular">{facts.data.chainLength.toLocaleString(locale)}</dd>
          </div>
        </dl>
      ) : (
        <p className={styles.intro}>{t('historyError')}</p>
      )}
      {rounds.data && rounds.data.length > 0 ? (
        <ul className={styles.rounds}>
          {rounds.data.slice(0, 10).map((round) => (
            <li key={String(round.gameId)}>
              <a
                href={verifyHref({
                  game: 'crash',
                  hash: round.hash,
                  gameId: /^\d+$/.test(String(round.gameId)) ? Number(round.gameId) : undefined,
                })}
                target="_blank"
                rel="noopener"
                className={styles.round}
              >
                <span className="tabular">#{String(round.gameId)}</span>
                <code className={styles.short}>{round.hash.slice(0, 16)}…</code>
                <strong className="tabular">
                  {formatHundredths(toHundredths(round.crashPoint) ?? 100, locale)}
                </strong>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <a className={styles.link} href={verifyHref({ game: 'crash' })} target="_blank" rel="noopener">
        {t('openVerifier')}
      </a>
    </div>
  );
}
