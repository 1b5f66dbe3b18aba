import type {
  ChannelReportRow,
  CohortReportRow,
  DailyReportRow,
  GameReportRow,
} from '@sorte/shared/contracts/console-reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { captureDownloads, fakeServer, operatorWith, renderConsole } from '../../../test/render-console';
import { addDays, localDay } from './report-days';

function row(day: string, overrides: Partial<DailyReportRow> = {}): DailyReportRow {
  return {
    day,
    merchantCode: 'BR',
    currency: 'BRL',
    registrations: 3,
    firstDeposits: 1,
    depositCount: 2,
    depositAmount: 10_050,
    withdrawalCount: 1,
    withdrawalAmount: 5_000,
    betCount: 40,
    stakeAmount: 20_000,
    winAmount: 25_000,
    ggr: -5_000,
    bonusAmount: 1_000,
    ngr: -6_000,
    activePlayers: 7,
    ...overrides,
  };
}

/** The CSV files the page downloads, as text. */
function capturedFiles() {
  const { files, lines } = captureDownloads();
  return async (index: number) => {
    await waitFor(() => expect(files.length).toBeGreaterThan(index));
    return lines(index);
  };
}

describe('daily report', () => {
  it('asks for the last 30 days by default and exports every row as CSV', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['risk']) },
      'GET /ops/console/reports/daily': ({ url }) => ({
        value: {
          from: url.searchParams.get('from'),
          to: url.searchParams.get('to'),
          rows: [row('2026-11-26'), row('2026-11-27', { registrations: 5, ggr: 7_000, ngr: 6_000 })],
        },
      }),
    });
    const { files, lines: csvLines } = captureDownloads();
    renderConsole('/reports');

    const table = await screen.findByRole('table');
    const call = server.callsTo('GET /ops/console/reports/daily')[0];
    const today = localDay();
    expect(call?.url.searchParams.get('to')).toBe(today);
    expect(call?.url.searchParams.get('from')).toBe(addDays(today, -29));
    expect(call?.url.searchParams.has('merchantCode')).toBe(false);

    // The totals: whole numbers summed, shown in the currency.
    const total = within(table)
      .getByRole('rowheader', { name: /^Total/ })
      .closest('tr') as HTMLElement;
    expect(within(total).getByText('8')).toBeTruthy();
    expect(within(total).getByText('R$201.00')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'CSV export' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const lines = await csvLines(0);
    expect(lines[0]).toBe(
      'Day,Merchant,Currency,Registrations,First deposits,Deposits,Deposited,Withdrawals,Withdrawn,Bets,Stakes,Wins,GGR,Bonuses,NGR,Active players',
    );
    expect(lines[1]).toBe('2026-11-26,BR,BRL,3,1,2,100.50,1,50.00,40,200.00,250.00,-50.00,10.00,-60.00,7');
    expect(lines).toHaveLength(4);
  });

  it('will not ask for more than 366 days or an end before the start', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['finance']) },
      'GET /ops/console/reports/daily': { value: { from: '2025-01-01', to: '2025-12-31', rows: [] } },
    });
    renderConsole('/reports?from=2025-01-01&to=2025-12-31');

    expect(await screen.findByText('No figures for these days.')).toBeTruthy();
    const from = screen.getByLabelText(/^From/);
    const to = screen.getByLabelText(/^To/);

    await user.clear(from);
    await user.type(from, '2024-12-30');
    expect(await screen.findByText('At most 366 days.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Show' }) as HTMLButtonElement).disabled).toBe(true);

    await user.clear(from);
    await user.type(from, '2026-01-02');
    expect(await screen.findByText('The end date is before the start date.')).toBeTruthy();

    await user.clear(from);
    await user.type(from, '2024-12-31');
    await user.clear(to);
    await user.type(to, '2025-12-31');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(server.callsTo('GET /ops/console/reports/daily').at(-1)?.url.searchParams.get('from')).toBe(
        '2024-12-31',
      ),
    );
    expect(
      server.callsTo('GET /ops/console/reports/daily').map((c) => c.url.searchParams.get('from')),
    ).toEqual(['2025-01-01', '2024-12-31']);
  });
});

function gameRow(overrides: Partial<GameReportRow> = {}): GameReportRow {
  return {
    merchantCode: 'BR',
    currency: 'BRL',
    vendor: 'SORTE',
    vendorName: 'Sorte Studio',
    gameCode: 'crash',
    gameName: 'Crash',
    rounds: 120,
    betCount: 130,
    stakeAmount: 50_000,
    winAmount: 41_000,
    ggr: 9_000,
    ...overrides,
  };
}

describe('reports by vendor or game, by channel and cohorts', () => {
  it('shows GGR per game with the merchant’s NGR, per vendor on request, and exports the rows', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['finance']) },
      'GET /ops/console/reports/games': ({ url }) => {
        const byVendor = url.searchParams.get('groupBy') === 'vendor';
        return {
          value: {
            from: url.searchParams.get('from'),
            to: url.searchParams.get('to'),
            groupBy: byVendor ? 'vendor' : 'game',
            rows: byVendor
              ? [gameRow({ gameCode: null, gameName: null, ggr: 6_000 })]
              : [gameRow(), gameRow({ gameCode: 'dice', gameName: 'Dice', ggr: -3_000 })],
            totals: [
              {
                merchantCode: 'BR',
                currency: 'BRL',
                rounds: 240,
                betCount: 260,
                stakeAmount: 100_000,
                winAmount: 94_000,
                ggr: 6_000,
                bonusAmount: 2_500,
                ngr: 3_500,
              },
            ],
          },
        };
      },
    });
    const csv = capturedFiles();
    renderConsole('/reports?tab=games&from=2026-11-01&to=2026-11-07');

    const table = await screen.findByRole('table');
    expect(within(table).getByText('Crash')).toBeTruthy();
    expect(within(table).getByText('-R$30.00')).toBeTruthy();
    const totals = screen.getByRole('article', { name: /^Totals of Brazil/ });
    expect(within(totals).getByText('R$35.00')).toBeTruthy();
    const first = server.callsTo('GET /ops/console/reports/games')[0];
    expect(first?.url.searchParams.get('groupBy')).toBe('game');
    expect(first?.url.searchParams.get('from')).toBe('2026-11-01');

    await user.click(screen.getByRole('button', { name: 'CSV export' }));
    const lines = await csv(0);
    expect(lines[0]).toBe('Merchant,Currency,Vendor code,Vendor,Game code,Game,Rounds,Bets,Stakes,Wins,GGR');
    expect(lines[2]).toBe('BR,BRL,SORTE,Sorte Studio,dice,Dice,120,130,500.00,410.00,-30.00');

    await user.click(screen.getByRole('radio', { name: 'Vendor' }));
    await waitFor(() =>
      expect(server.callsTo('GET /ops/console/reports/games').at(-1)?.url.searchParams.get('groupBy')).toBe(
        'vendor',
      ),
    );
    expect(await screen.findByRole('columnheader', { name: 'Vendor' })).toBeTruthy();
  });

  it('shows deposits and withdrawals per channel, after a failed load is retried', async () => {
    const user = userEvent.setup();
    let isDown = true;
    const row: ChannelReportRow = {
      merchantCode: 'BD',
      currency: 'BDT',
      channel: 'NAGAD',
      depositCount: 3,
      depositAmount: 150_000,
      withdrawalCount: 1,
      withdrawalAmount: 200_000,
      netAmount: -50_000,
    };
    fakeServer({
      'GET /ops/console/me': { value: operatorWith(['risk']) },
      'GET /ops/console/reports/channels': ({ url }) =>
        isDown
          ? { status: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many requests: wait a moment.' }
          : { value: { from: url.searchParams.get('from'), to: url.searchParams.get('to'), rows: [row] } },
    });
    renderConsole('/reports?tab=channels');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Too many requests: wait a moment.')).toBeTruthy();
    isDown = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const table = await screen.findByRole('table');
    const nagad = within(table).getByText('NAGAD').closest('tr') as HTMLElement;
    expect(within(nagad).getByText('3 deposits')).toBeTruthy();
    expect(within(nagad).getByText('1 withdrawal')).toBeTruthy();
    expect(within(nagad).getByText(/-BDT\s?500\.00/)).toBeTruthy();
    // The table scrolls in its own box, which the keyboard can reach.
    expect(screen.getByRole('region', { name: 'By channel' }).getAttribute('tabindex')).toBe('0');
  });

  it('shows cohorts by week with their shares, and not yet for a day still to come', async () => {
    const user = userEvent.setup();
    const week: CohortReportRow = {
      merchantCode: 'BR',
      cohort: '2026-11-02',
      firstDay: '2026-11-02',
      lastDay: '2026-11-08',
      registrations: 40,
      firstDeposits: 30,
      eligibleDay7: 40,
      activeDay7: 17,
      eligibleDay30: 0,
      activeDay30: 0,
    };
    const server = fakeServer({
      'GET /ops/console/me': { value: operatorWith(['risk']) },
      'GET /ops/console/reports/cohorts': ({ url }) => ({
        value: {
          from: url.searchParams.get('from'),
          to: url.searchParams.get('to'),
          period: url.searchParams.get('period'),
          rows: url.searchParams.get('period') === 'day' ? [] : [week],
        },
      }),
    });
    const csv = capturedFiles();
    renderConsole('/reports?tab=cohorts&from=2026-11-02&to=2026-11-08');

    const row = (await screen.findByText('Week of Nov 2, 2026')).closest('tr') as HTMLElement;
    expect(within(row).getByText('75%')).toBeTruthy();
    expect(within(row).getByText('42.5%')).toBeTruthy();
    expect(within(row).getByText('17 of 40')).toBeTruthy();
    expect(within(row).getByText('Not yet')).toBeTruthy();
    expect(server.callsTo('GET /ops/console/reports/cohorts')[0]?.url.searchParams.get('period')).toBe(
      'week',
    );

    await user.click(screen.getByRole('button', { name: 'CSV export' }));
    expect((await csv(0))[1]).toBe('BR,2026-11-02,2026-11-02,2026-11-08,40,30,40,17,0,0');

    await user.click(screen.getByRole('radio', { name: 'Day' }));
    expect(await screen.findByText('Nobody registered on these days.')).toBeTruthy();
  });
});
