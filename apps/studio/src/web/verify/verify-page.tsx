import { isHex64, type PlinkoRisk } from '@sorte/fair';
import { useEffect, useMemo, useState } from 'react';
import { Field } from '../components/field';
import { GameIcon } from '../components/game-icon';
import { Segmented } from '../components/segmented';
import { useI18n } from '../lib/i18n';
import { type GameCode, gameCodes } from '../lib/types';
import { CrashVerifier } from './crash-verifier';
import { OutcomeView } from './outcome-view';
import { checkServerSeed, type Outcome, recompute, VerifyInputError } from './recompute';
import { readVerifyParams, type VerifyParams } from './verify-link';
import styles from './verify-page.module.css';

type Form = {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  stake: string;
  direction: 'over' | 'under';
  target: string;
  mines: string;
  rows: string;
  risk: PlinkoRisk;
};

/** Target as typed ("50.50", "2.00") → hundredths. */
function hundredths(text: string): number | undefined {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : undefined;
}

const whole = (text: string) => (/^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : undefined);

function formFrom(params: Partial<VerifyParams>): Form {
  return {
    serverSeed: params.serverSeed ?? '',
    serverSeedHash: params.serverSeedHash ?? '',
    clientSeed: params.clientSeed ?? '',
    nonce: params.nonce !== undefined ? String(params.nonce) : '0',
    stake: params.stake !== undefined ? (params.stake / 100).toFixed(2) : '',
    direction: params.direction ?? 'over',
    target:
      params.target !== undefined
        ? (params.target / 100).toFixed(2)
        : params.game === 'limbo'
          ? '2.00'
          : '50.50',
    mines: String(params.mines ?? 3),
    rows: String(params.rows ?? 12),
    risk: params.risk ?? 'medium',
  };
}

export function paramsFrom(game: GameCode, form: Form): VerifyParams {
  const stakeHundredths = hundredths(form.stake);
  return {
    game,
    serverSeed: form.serverSeed.trim(),
    serverSeedHash: form.serverSeedHash.trim() || undefined,
    clientSeed: form.clientSeed,
    nonce: whole(form.nonce),
    stake: stakeHundredths,
    direction: form.direction,
    target: hundredths(form.target),
    mines: whole(form.mines),
    rows: whole(form.rows),
    risk: form.risk,
  };
}

/** /studio/verify: pick a game, enter the seeds, see the outcome recomputed here in the browser. */
export default function VerifyPage() {
  const { t } = useI18n();
  const initial = useMemo(() => readVerifyParams(window.location.search), []);
  const [game, setGame] = useState<GameCode>(initial.game ?? 'dice');
  const [form, setForm] = useState<Form>(() => formFrom(initial));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [problem, setProblem] = useState<{ field: string; text: string } | null>(null);
  const [hashCheck, setHashCheck] = useState<{ computed: string; matches: boolean | null } | null>(null);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  // Recompute on every change (debounced): the answer is right there as the player types.
  useEffect(() => {
    if (game === 'crash') return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      const params = paramsFrom(game, form);
      if (!params.serverSeed) {
        setOutcome(null);
        setHashCheck(null);
        setProblem({ field: 'serverSeed', text: t('verifyMissingSeed') });
        return;
      }
      if (!isHex64(params.serverSeed)) {
        setOutcome(null);
        setHashCheck(null);
        setProblem({ field: 'serverSeed', text: t('verifyBadSeed') });
        return;
      }
      try {
        const [result, check] = await Promise.all([
          recompute(params),
          checkServerSeed(params.serverSeed, params.serverSeedHash),
        ]);
        if (cancelled) return;
        setOutcome(result);
        setHashCheck(check);
        setProblem(null);
      } catch (error) {
        if (cancelled) return;
        setOutcome(null);
        setProblem({
          field: error instanceof VerifyInputError ? error.field : 'game',
          text: t('verifyBadInput'),
        });
      }
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [game, form, t]);

  const bad = (field: string) => (problem?.field === field ? problem.text : null);
  const stake = hundredths(form.stake);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
          <path d="M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z" fill="#3ddc84" />
          <path d="M8 12l3 3 5-6" fill="none" stroke="#04200f" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
        <h1 className={styles.title}>{t('verifyTitle')}</h1>
      </header>
      <main className={styles.main}>
        <p className={styles.intro}>{t('verifyIntro')}</p>
        <fieldset className={styles.games}>
          <legend className={styles.legend}>{t('verifyGame')}</legend>
          {gameCodes.map((code) => (
            <label key={code} className={styles.game}>
              <input
                type="radio"
                name="game"
                className="visually-hidden"
                checked={game === code}
                onChange={() => {
                  setGame(code);
                  setOutcome(null);
                }}
              />
              <span>
                <GameIcon game={code} size={22} />
                {t(`game.${code}` as const)}
              </span>
            </label>
          ))}
        </fieldset>

        {game === 'crash' ? (
          <CrashVerifier initial={initial} />
        ) : (
          <div className={styles.columns}>
            <form className={styles.form} onSubmit={(event) => event.preventDefault()}>
              <Field
                label={t('verifyServerSeed')}
                value={form.serverSeed}
                spellCheck={false}
                problem={bad('serverSeed')}
                onChange={(e) => set('serverSeed', e.target.value)}
              />
              <Field
                label={t('verifyServerSeedHash')}
                value={form.serverSeedHash}
                spellCheck={false}
                onChange={(e) => set('serverSeedHash', e.target.value)}
              />
              <div className={styles.pair}>
                <Field
                  label={t('verifyClientSeed')}
                  value={form.clientSeed}
                  spellCheck={false}
                  problem={bad('clientSeed')}
                  onChange={(e) => set('clientSeed', e.target.value)}
                />
                <Field
                  label={t('verifyNonce')}
                  inputMode="numeric"
                  value={form.nonce}
                  problem={bad('nonce')}
                  onChange={(e) => set('nonce', e.target.value)}
                />
              </div>
              {game === 'dice' ? (
                <>
                  <Segmented
                    label={t('diceDirection')}
                    value={form.direction}
                    onChange={(v) => set('direction', v)}
                    options={[
                      { value: 'under', label: t('diceRollUnder') },
                      { value: 'over', label: t('diceRollOver') },
                    ]}
                  />
                  <Field
                    label={t('verifyTarget')}
                    inputMode="decimal"
                    value={form.target}
                    problem={bad('target')}
                    onChange={(e) => set('target', e.target.value)}
                  />
                </>
              ) : null}
              {game === 'limbo' ? (
                <Field
                  label={t('limboTarget')}
                  suffix="×"
                  inputMode="decimal"
                  value={form.target}
                  problem={bad('target')}
                  onChange={(e) => set('target', e.target.value)}
                />
              ) : null}
              {game === 'mines' ? (
                <Field
                  label={t('verifyMines')}
                  inputMode="numeric"
                  value={form.mines}
                  problem={bad('mines')}
                  onChange={(e) => set('mines', e.target.value)}
                />
              ) : null}
              {game === 'plinko' ? (
                <div className={styles.pair}>
                  <Field
                    label={t('plinkoRows')}
                    inputMode="numeric"
                    value={form.rows}
                    problem={bad('rows')}
                    onChange={(e) => set('rows', e.target.value)}
                  />
                  <Segmented
                    label={t('plinkoRisk')}
                    value={form.risk}
                    onChange={(v) => set('risk', v)}
                    options={[
                      { value: 'low', label: t('riskLow') },
                      { value: 'medium', label: t('riskMedium') },
                      { value: 'high', label: t('riskHigh') },
                    ]}
                  />
                </div>
              ) : null}
              <Field
                label={t('verifyStake')}
                inputMode="decimal"
                value={form.stake}
                onChange={(e) => set('stake', e.target.value)}
              />
            </form>
            <section className={styles.result} aria-live="polite" aria-label={t('verifyOutcome')}>
              {hashCheck ? (
                <p
                  className={styles.hash}
                  data-ok={hashCheck.matches === true || undefined}
                  data-bad={hashCheck.matches === false || undefined}
                >
                  {hashCheck.matches === true
                    ? `✓ ${t('verifyHashMatch')}`
                    : hashCheck.matches === false
                      ? `✗ ${t('verifyHashMismatch')}`
                      : t('verifyHashComputed')}
                  <code>{hashCheck.computed}</code>
                </p>
              ) : null}
              {outcome ? (
                <OutcomeView outcome={outcome} stake={stake} />
              ) : problem ? (
                <p className={styles.problem}>{problem.text}</p>
              ) : null}
            </section>
          </div>
        )}
      </main>
    </div>
  );
}
