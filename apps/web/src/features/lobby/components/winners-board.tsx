import type { Winner } from '@sorte/shared';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { usePrefersReducedMotion } from '../../../components/ui/use-reduced-motion';
import { biggestWins, useWinnerBoard } from '../api/winners';
import { formatMoney } from '../format-money';
import styles from './lobby.module.css';

/** Spec section 9: the board scrolls 0.5 px a frame, about 30 px a second. */
const SCROLL_PX_PER_SECOND = 30;
const ROW_HEIGHT = 56;

/**
 * The winners board: the 9 biggest recent wins, scrolling slowly upwards and round again. It stops
 * under the pointer or keyboard, and stands still (scrollable by hand) with reduced motion.
 */
export function WinnersBoard() {
  const { t, i18n } = useTranslation();
  const board = useWinnerBoard();
  const reduced = usePrefersReducedMotion();
  const title = t('lobby.winners');

  let body: ReactNode;
  if (board.isPending) {
    body = (
      <div className={styles.winnerRows} role="status" aria-label={t('loading')}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={44} radius="md" />
        ))}
      </div>
    );
  } else if (board.isError) {
    body = (
      <LoadFailed
        compact
        title={t('lobby.winnersFailed')}
        error={board.error}
        busy={board.isFetching}
        onRetry={() => void board.refetch()}
      />
    );
  } else {
    const wins = biggestWins(board.data);
    body =
      wins.length === 0 ? (
        <p className={styles.winnerEmpty}>{t('lobby.winnersEmpty')}</p>
      ) : (
        // Still (reduced motion), the list scrolls instead of rolling by: it takes the keyboard focus
        // so it can be scrolled without a mouse (WCAG 2.1.1).
        <div
          className={[styles.winnerWindow, reduced && styles.winnerStill].filter(Boolean).join(' ')}
          tabIndex={reduced ? 0 : undefined}
          style={{ '--duration': `${(wins.length * ROW_HEIGHT) / SCROLL_PX_PER_SECOND}s` } as CSSProperties}
        >
          <ol className={styles.winnerTrack} aria-label={title}>
            {wins.map((win, index) => (
              <WinnerRow
                key={`${win.customerName}-${win.wonAt}`}
                win={win}
                rank={index + 1}
                wonIn={t('lobby.wonIn', { game: win.gameName })}
                amount={formatMoney(win.winAmount, win.currency, i18n.language)}
              />
            ))}
            {!reduced &&
              wins.length > 4 &&
              wins.map((win, index) => (
                <WinnerRow
                  key={`copy-${win.customerName}-${win.wonAt}`}
                  win={win}
                  rank={index + 1}
                  wonIn={t('lobby.wonIn', { game: win.gameName })}
                  amount={formatMoney(win.winAmount, win.currency, i18n.language)}
                  copy
                />
              ))}
          </ol>
        </div>
      );
  }

  return (
    <section className={styles.winners} aria-label={title}>
      <h2 className={styles.winnersTitle}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M7 4h10v4a5 5 0 0 1-10 0zM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8M9 17h6"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.9"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {title}
      </h2>
      {body}
    </section>
  );
}

type RowProps = { win: Winner; rank: number; wonIn: string; amount: string; copy?: boolean };

/** A row: its texts come from the board (the board's rows, twice over, render in one task). */
function WinnerRow({ win, rank, wonIn, amount, copy = false }: RowProps) {
  return (
    <li className={styles.winnerRow} aria-hidden={copy || undefined}>
      <span className={[styles.rank, rank <= 3 && styles[`rank${rank}`]].filter(Boolean).join(' ')}>
        {rank}
      </span>
      <img src={win.iconUrl} alt="" width="40" height="40" loading="lazy" className={styles.winnerIcon} />
      <span className={styles.winnerWho}>
        <span className={styles.winnerName}>{win.customerName}</span>
        <span className={styles.winnerGame}>{wonIn}</span>
      </span>
      <span className={styles.winnerAmount}>{amount}</span>
    </li>
  );
}
