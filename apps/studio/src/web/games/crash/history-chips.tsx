import { useI18n } from '../../lib/i18n';
import { formatHundredths } from '../../lib/money';
import { verifyHref } from '../../verify/verify-link';
import type { CrashRound } from './crash-store';
import styles from './history-chips.module.css';

/** Tone of a finished round: busted early, doubled, or a big one. */
export function roundTone(crashPoint: number): 'low' | 'mid' | 'high' {
  if (crashPoint >= 1000) return 'high';
  return crashPoint >= 200 ? 'mid' : 'low';
}

/** The last rounds' crash points as coloured chips; each opens the verifier for that game's hash. */
export function HistoryChips({
  rounds,
  hashes,
}: {
  rounds: CrashRound[];
  hashes: ReadonlyMap<string, string>;
}) {
  const { t, locale } = useI18n();
  if (rounds.length === 0) return null;
  return (
    <ol className={styles.chips} aria-label={t('crashRecent')}>
      {rounds.slice(0, 20).map((round) => {
        const hash = round.hash ?? hashes.get(round.gameId);
        const label = formatHundredths(round.crashPoint, locale);
        return (
          <li key={round.gameId}>
            {hash ? (
              <a
                className={styles.chip}
                data-tone={roundTone(round.crashPoint)}
                href={verifyHref({
                  game: 'crash',
                  hash,
                  gameId: /^\d+$/.test(round.gameId) ? Number(round.gameId) : undefined,
                })}
                target="_blank"
                rel="noopener"
                aria-label={t('crashVerifyRound', { at: label })}
              >
                {label}
              </a>
            ) : (
              <span className={styles.chip} data-tone={roundTone(round.crashPoint)}>
                {label}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
