import { useGame } from '../../app/game-context';
import { useI18n } from '../../lib/i18n';
import { formatHundredths, formatMoney, payoutAtHundredths } from '../../lib/money';
import type { CrashPlayer } from './crash-store';
import styles from './players-list.module.css';

/**
 * Everybody's bets this round; a cash-out turns the row green with its multiplier and win. A bet
 * the player queued while a round ran is not in this round (it is sent when the next one opens):
 * the list says so, or "Players 0" beside a placed bet reads as if the bet were lost.
 */
export function PlayersList({
  players,
  queuedForNextRound = false,
}: {
  players: CrashPlayer[];
  queuedForNextRound?: boolean;
}) {
  const game = useGame();
  const { t, locale } = useI18n();
  // One table for every merchant's currency and for play money: each bet shows in its own currency,
  // and the total counts only the bets in the viewer's (a FUN 1,000 bet is not R$ 1,000).
  const currencyOf = (p: CrashPlayer) => p.currency ?? game.currency;
  const money = (p: CrashPlayer, minor: number | bigint) =>
    currencyOf(p) === game.currency ? game.money(minor) : formatMoney(minor, currencyOf(p), locale);
  const total = players.reduce((sum, p) => (currencyOf(p) === game.currency ? sum + p.amount : sum), 0);
  return (
    <section className={styles.players} aria-labelledby="crash-players">
      <header className={styles.head}>
        <h2 id="crash-players" className={styles.title}>
          {t('crashPlayers')} <span className={styles.count}>{players.length}</span>
        </h2>
        <span className={`${styles.total} tabular`}>{game.money(total)}</span>
      </header>
      {queuedForNextRound ? <p className={styles.note}>{t('crashPlayersQueued')}</p> : null}
      {players.length === 0 ? (
        <p className={styles.empty}>{t('crashPlayersEmpty')}</p>
      ) : (
        <ul className={styles.list}>
          {players.map((p, index) => (
            <li
              // Names are masked and may repeat; the order of bets is stable within a round.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={`${p.player}-${index}`}
              className={styles.row}
              data-cashed={p.cashedOutAt !== undefined || undefined}
            >
              <span className={styles.name}>{p.player}</span>
              <span className={`${styles.amount} tabular`}>{money(p, p.amount)}</span>
              <span className={`${styles.at} tabular`}>
                {p.cashedOutAt !== undefined ? formatHundredths(p.cashedOutAt, locale) : '—'}
              </span>
              <span className={`${styles.win} tabular`}>
                {p.cashedOutAt !== undefined ? money(p, payoutAtHundredths(p.amount, p.cashedOutAt)) : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
