import { isValidClientSeed } from '@sorte/fair';
import { useState } from 'react';
import { useGame } from '../app/game-context';
import { apiCall } from '../lib/api';
import { useI18n } from '../lib/i18n';
import { readJson, storageKeys, writeJson } from '../lib/storage';
import type { RevealedSeeds, RotateAnswer } from '../lib/types';
import { verifyHref } from '../verify/verify-link';
import { Button } from './button';
import { CopyButton } from './copy-button';
import styles from './fairness-panel.module.css';

/**
 * The seeds of the next bet: the server seed's SHA-256 (committed before play), the client seed the
 * player may change, the nonce. Rotating reveals the server seed, so every bet made with it can be
 * recomputed on the verify page.
 */
export function FairnessPanel() {
  const game = useGame();
  const { t } = useI18n();
  const [clientSeed, setClientSeed] = useState(game.fairness.clientSeed);
  const [isRotating, setRotating] = useState(false);
  const [revealed, setRevealed] = useState<RevealedSeeds[]>(
    () => readJson<RevealedSeeds[]>(storageKeys.revealed(game.playerId)) ?? [],
  );
  const seedProblem = isValidClientSeed(clientSeed) ? null : t('clientSeedInvalid');

  const rotate = async () => {
    if (seedProblem) return;
    setRotating(true);
    try {
      const answer = await apiCall<RotateAnswer>('/fairness/rotate', {
        method: 'POST',
        body: clientSeed !== game.fairness.clientSeed ? { clientSeed } : {},
      });
      const list = [answer.revealed, ...revealed].slice(0, 10);
      setRevealed(list);
      writeJson(storageKeys.revealed(game.playerId), list);
      game.setFairness(answer.next);
      setClientSeed(answer.next.clientSeed);
      game.roundPlayed();
    } catch (error) {
      game.reportError(error);
    } finally {
      setRotating(false);
    }
  };

  return (
    <div className={styles.panel}>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('serverSeedHash')}</dt>
          <dd className={styles.hashRow}>
            <code className={styles.hash}>{game.fairness.serverSeedHash}</code>
            <CopyButton value={game.fairness.serverSeedHash} label={t('serverSeedHash')} />
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('nonce')}</dt>
          <dd className="tabular">{game.fairness.nonce}</dd>
        </div>
      </dl>
      <form
        className={styles.rotate}
        onSubmit={(event) => {
          event.preventDefault();
          void rotate();
        }}
      >
        <label className={styles.label} htmlFor="client-seed">
          {t('clientSeed')}
        </label>
        <div className={styles.seedRow}>
          <input
            id="client-seed"
            className={styles.seedInput}
            value={clientSeed}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={seedProblem ? true : undefined}
            aria-describedby="client-seed-help"
            onChange={(event) => setClientSeed(event.target.value)}
          />
          <Button
            type="submit"
            variant="primary"
            size="md"
            disabled={isRotating || !!seedProblem}
            busy={isRotating}
          >
            {t('rotate')}
          </Button>
        </div>
        <p id="client-seed-help" className={seedProblem ? styles.problem : styles.help}>
          {seedProblem ?? t('rotateHelp')}
        </p>
      </form>
      {revealed.length > 0 ? (
        <section className={styles.revealed} aria-labelledby="revealed-title">
          <h3 id="revealed-title" className={styles.subtitle}>
            {t('revealedSeeds')}
          </h3>
          <ul className={styles.revealedList}>
            {revealed.map((pair) => (
              <li key={pair.serverSeedHash} className={styles.pair}>
                <span className={styles.pairLabel}>{t('serverSeed')}</span>
                <code className={styles.hash}>{pair.serverSeed}</code>
                <span className={styles.pairLabel}>{t('serverSeedHash')}</span>
                <code className={styles.hash}>{pair.serverSeedHash}</code>
                <span className={styles.pairMeta}>
                  {t('clientSeed')}: <code>{pair.clientSeed}</code> ·{' '}
                  {t('betsUnderSeed', {
                    count: pair.betCount ?? (pair.lastNonce === null ? 0 : pair.lastNonce + 1),
                  })}
                </span>
                <a
                  className={styles.verifyLink}
                  target="_blank"
                  rel="noopener"
                  href={verifyHref({
                    game: game.gameCode,
                    serverSeed: pair.serverSeed,
                    serverSeedHash: pair.serverSeedHash,
                    clientSeed: pair.clientSeed,
                    nonce: pair.lastNonce ?? 0,
                  })}
                >
                  {t('verifyTheseSeeds')}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <a
        className={styles.verifyLink}
        href={verifyHref({ game: game.gameCode })}
        target="_blank"
        rel="noopener"
      >
        {t('openVerifier')}
      </a>
    </div>
  );
}
