import type { DailyReportRow } from '@sorte/shared/contracts/console-reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, operatorWith, renderConsole } from '../../../test/render-console';
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
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
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
    const lines = (await (files[0] as Blob).text()).replace(/^\uFEFF/, '').split('\r\n');
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
