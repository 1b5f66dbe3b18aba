import { describe, expect, it } from 'vitest';
import { type CsvColumn, toCsv } from './csv';

type Row = { name: string; note: string | null; amount: number };
const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Note, free text', value: (row) => row.note },
  { header: 'Amount', value: (row) => row.amount },
];

describe('toCsv', () => {
  it('quotes cells with commas, quotes and line breaks, doubling the quotes', () => {
    const csv = toCsv(columns, [
      { name: 'Silva, Ana', note: 'said "paid"', amount: 12.5 },
      { name: 'Bo', note: 'line one\nline two', amount: 3 },
      { name: 'Cy', note: null, amount: 0 },
    ]);
    expect(csv).toBe(
      [
        'Name,"Note, free text",Amount',
        '"Silva, Ana","said ""paid""",12.5',
        'Bo,"line one\nline two",3',
        'Cy,,0',
        '',
      ].join('\r\n'),
    );
  });

  it('keeps a spreadsheet from running a cell as a formula, but leaves negative numbers alone', () => {
    const csv = toCsv(
      [{ header: 'Payee', value: (row: { payee: string }) => row.payee }],
      [{ payee: '=HYPERLINK("http://x")' }, { payee: '-12.50' }, { payee: '@SUM(A1)' }],
    );
    expect(csv.split('\r\n')).toEqual(['Payee', `"'=HYPERLINK(""http://x"")"`, '-12.50', "'@SUM(A1)", '']);
  });
});
