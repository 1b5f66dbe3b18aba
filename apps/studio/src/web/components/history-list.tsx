import { formatTimeIn, timeZoneOfCurrency } from '@sorte/shared/date-time-format';
import { useGame } from '../app/game-context';
import { apiCall } from '../lib/api';
import { useI18n } from '../lib/i18n';
import { formatBp, toMinor } from '../lib/money';
import type { HistoryRow } from '../lib/types';
import { useFetch } from '../lib/use-fetch';
import { historyRowToVerify, isVerifiable, verifyHref } from '../verify/verify-link';
import styles from './history-list.module.css';
import { Spinner } from './spinner';

/**
 * A bet's time as the site shows every time (DECISIONS.md): the merchant's wall clock, 24-hour, in
 * the frame's language. The merchant is the one playing in the wallet's currency.
 */
export function timeOf(iso: string, lang: string, currency: string): string {
  return formatTimeIn(iso, lang, timeZoneOfCurrency(currency), { seconds: true });
}

/** The player's last 20 bets in this game, newest first, each with a link to recompute it. */
export function HistoryList() {
  const game = useGame();
  const { t, lang, locale } = useI18n();
  const { data, error, isLoading, reload } = useFetch(
    (signal) =>
      apiCall<HistoryRow[]>(`/history?gameCode=${encodeURIComponent(game.gameCode)}&limit=20`, { signal }),
    [game.gameCode, game.historyVersion],
  );

  if (isLoading && !data)
    return (
      <div className={styles.state}>
        <Spinner label={t('historyLoading')} />
      </div>
    );
  if (error && !data)
    return (
      <div className={styles.state}>
        <p>{t('historyError')}</p>
        <button type="button" className={styles.retry} onClick={reload}>
          {t('retry')}
        </button>
      </div>
    );
  const rows = data ?? [];
  if (rows.length === 0)
    return (
      <div className={styles.state}>
        <p>{t('historyEmpty')}</p>
      </div>
    );
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{t('historyCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('colTime')}</th>
          <th scope="col" className={styles.num}>
            {t('colBet')}
          </th>
          <th scope="col" className={styles.num}>
            {t('colMultiplier')}
          </th>
          <th scope="col" className={styles.num}>
            {t('colPayout')}
          </th>
          <th scope="col">
            <span className="visually-hidden">{t('verify')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const payout = toMinor(row.payout);
          const isWin = payout > 0;
          const canVerify = isVerifiable(row);
          return (
            <tr key={row.roundId}>
              <td className={styles.time}>{timeOf(row.createdAt, lang, game.currency)}</td>
              <td className={`${styles.num} tabular`}>{game.money(toMinor(row.stake))}</td>
              <td className={`${styles.num} tabular`}>
                <span className={styles.multiplier} data-win={isWin || undefined}>
                  {formatBp(row.multiplierBp, locale)}
                </span>
              </td>
              <td className={`${styles.num} tabular`} data-win={isWin || undefined}>
                {game.money(payout)}
              </td>
              <td className={styles.action}>
                <a
                  href={verifyHref(historyRowToVerify(row))}
                  target="_blank"
                  rel="noopener"
                  className={styles.verify}
                  title={canVerify ? t('verify') : t('verifyNeedsRotation')}
                  data-locked={canVerify ? undefined : true}
                >
                  <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                    {canVerify ? (
                      <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.4" />
                    ) : (
                      <path
                        d="M6 9V7a4 4 0 118 0v2M5 9h10v8H5z"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                        strokeLinejoin="round"
                      />
                    )}
                  </svg>
                  <span className="visually-hidden">
                    {canVerify ? t('verify') : t('verifyNeedsRotation')}
                  </span>
                </a>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
