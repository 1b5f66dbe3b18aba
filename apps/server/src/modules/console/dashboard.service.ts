import {
  addDays,
  DASHBOARD_SERIES_DAYS,
  type DailyReport,
  type DailyReportRow,
  type Dashboard,
  type DashboardMerchant,
  type DayFigures,
  dayIn,
  findMerchant,
  type Merchant,
  merchants,
} from '@sorte/shared';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { toSafeNumber } from '../../lib/bigint';
import {
  type DailyStatsRow,
  DashboardRepository,
  type PendingWithdrawalsRow,
  type RefreshWindow,
} from './dashboard.repository';

/** How often the recent days are recomputed: the dashboard's "today" trails by at most this. */
export const DASHBOARD_REFRESH_MS = 30_000;
/** While the server is busy, a refresh waits at most this long after the last one. */
export const DASHBOARD_MAX_DEFER_MS = 5 * 60_000;
/** A first refresh (no days computed yet) goes back at most this far: past the longest report. */
const FIRST_REFRESH_MAX_DAYS = 400;

declare module 'fastify' {
  interface FastifyInstance {
    /** The dashboard's figures and their refresh (the demo seeder and the bench fill them). */
    consoleDashboard: DashboardService;
  }
}

type Key = string;
const keyOf = (merchantCode: string, currency: string, day: string): Key =>
  `${merchantCode}|${currency}|${day}`;

const zeroRow = (merchantCode: string, currency: string, day: string): DailyStatsRow => ({
  merchantCode,
  currency,
  day,
  registrations: 0,
  firstDeposits: 0,
  depositCount: 0,
  depositAmount: 0n,
  withdrawalCount: 0,
  withdrawalAmount: 0n,
  betCount: 0,
  stakeAmount: 0n,
  winAmount: 0n,
  bonusAmount: 0n,
  activePlayers: 0,
});

function figuresOf(row: DailyStatsRow): DayFigures {
  const ggr = row.stakeAmount - row.winAmount;
  return {
    day: row.day,
    registrations: row.registrations,
    firstDeposits: row.firstDeposits,
    depositCount: row.depositCount,
    depositAmount: toSafeNumber(row.depositAmount),
    withdrawalCount: row.withdrawalCount,
    withdrawalAmount: toSafeNumber(row.withdrawalAmount),
    betCount: row.betCount,
    stakeAmount: toSafeNumber(row.stakeAmount),
    winAmount: toSafeNumber(row.winAmount),
    ggr: toSafeNumber(ggr),
    bonusAmount: toSafeNumber(row.bonusAmount),
    ngr: toSafeNumber(ggr - row.bonusAmount),
    activePlayers: row.activePlayers,
  };
}

/** Every day from one to another, both included (YYYY-MM-DD). */
function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Who asks (their merchant limit, if any) and for which merchant. */
export type ScopeQuery = { operatorMerchant: string | null; merchantCode?: string | undefined };

/**
 * The merchants an operator sees: a merchant-limited operator their own, whatever they ask for;
 * anyone else the one asked for, or all of them.
 */
export function merchantsInScope({ operatorMerchant, merchantCode }: ScopeQuery): Merchant[] {
  const code = operatorMerchant ?? merchantCode;
  if (code === undefined) return [...merchants];
  const merchant = findMerchant(code);
  return merchant ? [merchant] : [];
}

/** The first and the last of some YYYY-MM-DD days (they sort as text). */
const earliest = (days: string[]) => [...days].sort()[0] as string;
const latest = (days: string[]) => [...days].sort().at(-1) as string;

/**
 * The console's dashboard and daily reports, read from daily_stats only, and the refresh that keeps
 * daily_stats current: every DASHBOARD_REFRESH_MS, each merchant's days from the last one computed
 * (or yesterday, if earlier) to today are recomputed from the base tables and written over their
 * rows. Idempotent: a run repeated, or a second instance's run, writes the same figures. The same run
 * recomputes the reports' rollups per game, channel and cohort (0052_report_rollups.sql) for those days.
 *
 * Why recompute recent days rather than add deltas as the agents' rollups do: their days are the
 * ledger's transfer times, which nothing can set in the past, so a backfilled history (the demo
 * seeder's, an import) could never land on its days. The business tables' own timestamps can, and a
 * recomputed day is right whatever happened to it before.
 */
export class DashboardService {
  private tail: Promise<void> = Promise.resolve();
  private queued = 0;
  private readonly repository: DashboardRepository;

  constructor(
    private readonly db: Database,
    private readonly options: { now?: () => Date } = {},
  ) {
    this.repository = new DashboardRepository(db);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async dashboard(query: ScopeQuery): Promise<Dashboard> {
    const scope = merchantsInScope(query);
    if (scope.length === 0) return { merchants: [] };
    const now = this.now();
    const todays = new Map(scope.map((m) => [m.merchantCode, dayIn(now, m.timeZone)]));
    const codes = scope.map((m) => m.merchantCode);
    const from = addDays(earliest([...todays.values()]), -(DASHBOARD_SERIES_DAYS - 1));
    const to = latest([...todays.values()]);
    const [rows, pending, states] = await Promise.all([
      this.repository.days(codes, from, to),
      this.repository.pendingWithdrawals(codes),
      this.repository.refreshStates(codes),
    ]);
    const byKey = new Map(rows.map((r) => [keyOf(r.merchantCode, r.currency, r.day), r]));
    const pendingByKey = new Map<Key, PendingWithdrawalsRow>(
      pending.map((p) => [keyOf(p.merchantCode, p.currency, ''), p]),
    );
    const refreshedAt = new Map(states.map((s) => [s.merchantCode, new Date(s.refreshedAt).toISOString()]));

    const answer: DashboardMerchant[] = [];
    for (const merchant of scope) {
      const today = todays.get(merchant.merchantCode) as string;
      const days = daysFrom(addDays(today, -(DASHBOARD_SERIES_DAYS - 1)), today);
      for (const currency of this.currenciesOf(merchant, rows, pending)) {
        const series = days.map((day) =>
          figuresOf(
            byKey.get(keyOf(merchant.merchantCode, currency, day)) ??
              zeroRow(merchant.merchantCode, currency, day),
          ),
        );
        const waiting = pendingByKey.get(keyOf(merchant.merchantCode, currency, ''));
        answer.push({
          merchantCode: merchant.merchantCode as DashboardMerchant['merchantCode'],
          currency: currency as DashboardMerchant['currency'],
          timeZone: merchant.timeZone,
          today: series[series.length - 1] as DayFigures,
          yesterday: series[series.length - 2] as DayFigures,
          pendingWithdrawals: { count: waiting?.count ?? 0, amount: toSafeNumber(waiting?.amount ?? 0n) },
          series,
          refreshedAt: refreshedAt.get(merchant.merchantCode) ?? null,
        });
      }
    }
    return { merchants: answer };
  }

  /** The merchant's own currency first, then any other its rows or waiting withdrawals carry. */
  private currenciesOf(
    merchant: Merchant,
    rows: Array<{ merchantCode: string; currency: string }>,
    pending: PendingWithdrawalsRow[],
  ): string[] {
    const found = new Set<string>([merchant.currency]);
    for (const r of [...rows, ...pending])
      if (r.merchantCode === merchant.merchantCode) found.add(r.currency);
    return [...found];
  }

  /**
   * Rows per day and merchant (in the merchants' order) from `from` to `to`, days after a merchant's
   * today left out. Built in that order: no sort.
   */
  async dailyReport(query: ScopeQuery & { from: string; to: string }): Promise<DailyReport> {
    const { from, to } = query;
    const scope = merchantsInScope(query);
    if (scope.length === 0) return { from, to, rows: [] };
    const now = this.now();
    const rows = await this.repository.days(
      scope.map((m) => m.merchantCode),
      from,
      to,
    );
    const byKey = new Map(rows.map((r) => [keyOf(r.merchantCode, r.currency, r.day), r]));
    const columns = scope.map((merchant) => ({
      merchant,
      last: earliest([to, dayIn(now, merchant.timeZone)]),
      currencies: this.currenciesOf(merchant, rows, []),
    }));
    const report: DailyReportRow[] = [];
    for (const day of daysFrom(from, latest(columns.map((c) => c.last)))) {
      for (const { merchant, last, currencies } of columns) {
        if (day > last) continue;
        for (const currency of currencies) {
          const row = byKey.get(keyOf(merchant.merchantCode, currency, day));
          // Another currency's days appear only where it has figures.
          if (!row && currency !== merchant.currency) continue;
          report.push({
            ...figuresOf(row ?? zeroRow(merchant.merchantCode, currency, day)),
            merchantCode: merchant.merchantCode as DailyReportRow['merchantCode'],
            currency: currency as DailyReportRow['currency'],
          });
        }
      }
    }
    return { from, to, rows: report };
  }

  /**
   * Recomputes every merchant's recent days (see the class comment); `from` forces a recompute from
   * that day (the demo seeder after writing its history). Runs one after another in this process.
   */
  refresh(options: { from?: string } = {}): Promise<void> {
    this.queued++;
    const run = this.tail
      .catch(() => {})
      .then(() => this.recompute(options))
      .finally(() => {
        this.queued--;
      });
    this.tail = run;
    return run;
  }

  /** True while a refresh runs or waits (the timer then skips its tick). */
  get isRefreshing(): boolean {
    return this.queued > 0;
  }

  /** Resolves when no refresh runs or waits (on close). */
  async idle(): Promise<void> {
    await this.tail.catch(() => {});
  }

  private async recompute(options: { from?: string }): Promise<void> {
    const now = this.now();
    const codes = merchants.map((m) => m.merchantCode);
    const states = new Map((await this.repository.refreshStates(codes)).map((s) => [s.merchantCode, s]));
    const firsts = new Map(
      (await this.repository.firstRegistrations(codes)).map((f) => [f.merchantCode, f.at]),
    );
    const windows: RefreshWindow[] = merchants.map((merchant) => {
      const today = dayIn(now, merchant.timeZone);
      const yesterday = addDays(today, -1);
      const state = states.get(merchant.merchantCode);
      const first = firsts.get(merchant.merchantCode);
      let from = yesterday;
      if (options.from) from = options.from;
      else if (state) from = earliest([state.refreshedThrough, yesterday]);
      else if (first)
        from = latest([
          earliest([dayIn(new Date(first), merchant.timeZone), yesterday]),
          addDays(today, -FIRST_REFRESH_MAX_DAYS),
        ]);
      return {
        merchantCode: merchant.merchantCode,
        timeZone: merchant.timeZone,
        currency: merchant.currency,
        from: earliest([from, today]),
        to: today,
      };
    });
    // A transaction per merchant, each on one connection (on PGlite the only one: other statements
    // wait meanwhile, so they wait for one merchant's days at a time, not for all of them).
    for (const window of windows)
      await this.db.withConnection((connection) => new DashboardRepository(connection).recompute([window]));
  }
}

/**
 * Refreshes the dashboard's days every DASHBOARD_REFRESH_MS (not in tests: they refresh when they
 * want figures). A refresh reads a day or two of every merchant's business tables; on the embedded
 * database it holds the only connection meanwhile (0.3–1.2 s under bench:load), and every bet and
 * sign-in waited behind it. So the figures yield to the players: while the server is busy
 * (app.isBusy) a tick is skipped, unless the last refresh is DASHBOARD_MAX_DEFER_MS old. The first
 * tick comes a period after start, not in the restart's rush (the demo seeder refreshes on its own).
 * A failed run is logged; the next tick recomputes the same days.
 */
export function scheduleDashboardRefresh(app: FastifyInstance, dashboard: DashboardService): void {
  if (app.config.env === 'test') return;
  const tick = refreshTick({
    isBusy: () => app.isBusy(),
    isRefreshing: () => dashboard.isRefreshing,
    refresh: () =>
      dashboard.refresh().catch((error) => app.log.error({ err: error }, 'dashboard refresh failed')),
  });
  const timer = setInterval(tick, DASHBOARD_REFRESH_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await dashboard.idle();
  });
}

/** One tick of the schedule above: refreshes unless one runs, or the server is busy and it can wait. */
export function refreshTick(deps: {
  isBusy: () => boolean;
  isRefreshing: () => boolean;
  refresh: () => void;
  now?: () => number;
}): () => void {
  const now = deps.now ?? (() => performance.now());
  let lastStartedAt = now();
  return () => {
    if (deps.isRefreshing()) return;
    if (deps.isBusy() && now() - lastStartedAt < DASHBOARD_MAX_DEFER_MS) return;
    lastStartedAt = now();
    deps.refresh();
  };
}
