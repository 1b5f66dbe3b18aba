import { GameIcon } from '../components/game-icon';
import { useI18n } from '../lib/i18n';
import { isPlayMoney } from '../lib/money';
import { BackLink } from './back-link';
import { useBalance } from './balance-store';
import { useGame } from './game-context';
import styles from './top-bar.module.css';

/**
 * Game name, the balance in the currency with 2 decimals (marked "Play money" when it is), and the
 * way back to the lobby.
 */
export function TopBar({ returnUrl }: { returnUrl: string | null }) {
  const game = useGame();
  const { t } = useI18n();
  const balance = useBalance(game.balance);
  return (
    <header className={styles.bar}>
      <BackLink returnUrl={returnUrl} className={styles.back} />
      <h1 className={styles.title}>
        <GameIcon game={game.gameCode} size={22} />
        <span>{t(`game.${game.gameCode}` as const)}</span>
      </h1>
      <div className={styles.balance}>
        {/* A free-play account plays with play money (the wallet's FUN currency): said on the balance. */}
        {isPlayMoney(game.currency) ? (
          <span className={styles.playMoney} data-testid="studio-play-money">
            {t('playMoney')}
          </span>
        ) : (
          <span className={styles.balanceLabel}>{t('balance')}</span>
        )}
        <output className={`${styles.balanceValue} tabular`} aria-live="polite" data-testid="studio-balance">
          {game.money(balance)}
        </output>
      </div>
    </header>
  );
}
