import { GameIcon } from '../components/game-icon';
import { Spinner } from '../components/spinner';
import { type MessageKey, useI18n } from '../lib/i18n';
import type { GameCode } from '../lib/types';
import { safeReturnUrl } from './return-url';
import styles from './screens.module.css';

export function LoadingScreen({ game }: { game: GameCode }) {
  const { t } = useI18n();
  const name = t(`game.${game}` as const);
  return (
    <main className={styles.screen}>
      <div className={styles.logo}>
        <GameIcon game={game} size={56} />
      </div>
      <p className={styles.name}>{name}</p>
      <Spinner label={t('loadingGame', { game: name })} />
    </main>
  );
}

type ErrorKind = 'expired' | 'missing' | 'network' | 'failed' | 'blocked' | 'ended' | 'unknownGame';

const texts: Record<ErrorKind, [MessageKey, MessageKey]> = {
  expired: ['errorExpiredTitle', 'errorExpiredBody'],
  missing: ['errorMissingTitle', 'errorMissingBody'],
  network: ['errorNetworkTitle', 'errorNetworkBody'],
  failed: ['errorFailedTitle', 'errorNetworkBody'],
  blocked: ['errorBlockedTitle', 'errorBlockedBody'],
  ended: ['sessionEndedTitle', 'sessionEndedBody'],
  unknownGame: ['errorUnknownGameTitle', 'errorUnknownGameBody'],
};

/** A clear reason the game cannot be played, and the way back to the lobby (or a retry). */
export function ErrorScreen({
  kind,
  returnUrl,
  onRetry,
}: {
  kind: ErrorKind;
  returnUrl: string | null;
  onRetry?: () => void;
}) {
  const { t } = useI18n();
  const [title, body] = texts[kind];
  return (
    <main className={styles.screen}>
      <svg className={styles.art} viewBox="0 0 120 120" aria-hidden="true">
        <defs>
          <linearGradient id="ticket" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#2b3263" />
            <stop offset="1" stopColor="#181c33" />
          </linearGradient>
        </defs>
        <circle cx="60" cy="60" r="56" fill="url(#ticket)" stroke="#343a63" strokeWidth="2" />
        {kind === 'network' ? (
          <g fill="none" stroke="#f5b82e" strokeWidth="6" strokeLinecap="round">
            <path d="M30 52a42 42 0 0160 0M40 64a28 28 0 0140 0" />
            <circle cx="60" cy="80" r="4" fill="#f5b82e" />
            <path d="M32 32l56 56" stroke="#ff6b6b" />
          </g>
        ) : (
          <g>
            <circle cx="60" cy="60" r="30" fill="none" stroke="#f5b82e" strokeWidth="6" />
            <path d="M60 42v20l12 8" fill="none" stroke="#ffd36a" strokeWidth="6" strokeLinecap="round" />
          </g>
        )}
      </svg>
      <h1 className={styles.title}>{t(title)}</h1>
      <p className={styles.body}>{t(body)}</p>
      <div className={styles.actions}>
        {onRetry ? (
          <button type="button" className={styles.secondary} onClick={onRetry}>
            {t('retry')}
          </button>
        ) : null}
        <a className={styles.primary} href={safeReturnUrl(returnUrl)} target="_top">
          {t('back')}
        </a>
      </div>
    </main>
  );
}
