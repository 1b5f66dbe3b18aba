import { useEffect, useState } from 'react';
import { Button } from '../components/button';
import { Field } from '../components/field';
import { apiCall } from '../lib/api';
import { useI18n } from '../lib/i18n';
import { formatHundredths } from '../lib/money';
import styles from './crash-verifier.module.css';
import { checkChain, verifyCrashGame } from './recompute';
import type { VerifyParams } from './verify-link';

type ChainFacts = { salt: string; terminatingHash: string; chainLength: number; firstGameId?: number };

/**
 * Crash: a game's hash and the published salt give its crash point; hashing the game hash forward
 * game-number times must give the terminating hash published before game 1.
 */
export function CrashVerifier({ initial }: { initial: Partial<VerifyParams> }) {
  const { t, locale } = useI18n();
  const [hash, setHash] = useState(initial.hash ?? '');
  const [salt, setSalt] = useState('');
  const [terminating, setTerminating] = useState('');
  const [gameNumber, setGameNumber] = useState(initial.gameId !== undefined ? String(initial.gameId) : '');
  const [result, setResult] = useState<{ crashPoint: number; previousHash: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [chain, setChain] = useState<{ done: number; total: number; ok: boolean | null } | null>(null);

  // The chain's published facts fill the fields (the player may still type their own).
  useEffect(() => {
    apiCall<ChainFacts>('/fairness', { area: 'crash' })
      .then((facts) => {
        setSalt((s) => s || facts.salt);
        setTerminating((h) => h || facts.terminatingHash);
        // A game's number in the chain counts from the chain's first game (API.md).
        if (initial.gameId !== undefined && facts.firstGameId !== undefined)
          setGameNumber(String(initial.gameId - facts.firstGameId + 1));
      })
      .catch(() => {});
  }, [initial.gameId]);

  useEffect(() => {
    let cancelled = false;
    const h = hash.trim();
    if (!h || !salt) {
      setResult(null);
      return;
    }
    verifyCrashGame(h, salt)
      .then((r) => {
        if (cancelled) return;
        setResult(r);
        setProblem(null);
      })
      .catch(() => {
        if (cancelled) return;
        setResult(null);
        setProblem(t('verifyBadInput'));
      });
    return () => {
      cancelled = true;
    };
  }, [hash, salt, t]);

  const runChain = async () => {
    const total = Number(gameNumber);
    if (!Number.isSafeInteger(total) || total < 1) return;
    setChain({ done: 0, total, ok: null });
    const ok = await checkChain(hash.trim(), terminating, total, (done) =>
      setChain({ done, total, ok: null }),
    );
    setChain({ done: total, total, ok });
  };

  return (
    <div className={styles.crash}>
      <form className={styles.form} onSubmit={(event) => event.preventDefault()}>
        <Field
          label={t('verifyGameHash')}
          value={hash}
          spellCheck={false}
          problem={problem}
          onChange={(e) => setHash(e.target.value)}
        />
        <Field
          label={t('verifySalt')}
          value={salt}
          spellCheck={false}
          onChange={(e) => setSalt(e.target.value)}
        />
        <Field
          label={t('verifyTerminatingHash')}
          value={terminating}
          spellCheck={false}
          onChange={(e) => setTerminating(e.target.value)}
        />
        <Field
          label={t('verifyGameNumber')}
          inputMode="numeric"
          value={gameNumber}
          onChange={(e) => setGameNumber(e.target.value)}
        />
      </form>
      <section className={styles.result} aria-live="polite">
        {result ? (
          <>
            <div className={styles.point}>
              <span>{t('verifyCrashPoint')}</span>
              <strong className="tabular" data-testid="verify-crash-point">
                {formatHundredths(result.crashPoint, locale)}
              </strong>
            </div>
            <p className={styles.small}>
              {t('verifyPreviousHash')}
              <code>{result.previousHash}</code>
            </p>
            <Button
              variant="secondary"
              onClick={runChain}
              disabled={!terminating || !gameNumber || (chain !== null && chain.ok === null)}
            >
              {t('verifyChainCheck')}
            </Button>
            {chain ? (
              chain.ok === null ? (
                <div className={styles.progress} role="status">
                  <progress max={chain.total} value={chain.done} />
                  <span>
                    {t('verifyChainProgress', {
                      done: chain.done.toLocaleString(locale),
                      total: chain.total.toLocaleString(locale),
                    })}
                  </span>
                </div>
              ) : (
                <p className={chain.ok ? styles.ok : styles.bad}>
                  {chain.ok
                    ? `✓ ${t('verifyChainOk', { n: chain.total })}`
                    : `✗ ${t('verifyChainFail', { n: chain.total })}`}
                </p>
              )
            ) : null}
          </>
        ) : null}
      </section>
    </div>
  );
}
