import { downloadText } from './download';

/** One column of a CSV file: its heading and how a row gives the cell. */
export type CsvColumn<Row> = {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
};

// A cell a spreadsheet would read as a formula (=, +, -, @, tab, carriage return) gets a leading
// apostrophe: member-typed text such as a payee's name must not run in the operator's spreadsheet.
// Plain numbers (e.g. "-12.50") are left as they are.
const formulaStart = /^[=+\-@\t\r]/;
const plainNumber = /^-?\d+(?:\.\d+)?$/;

function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && formulaStart.test(text) && !plainNumber.test(text)) text = `'${text}`;
  // RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled.
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows as CSV text (RFC 4180: comma-separated, CRLF line ends, a header line first). */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => cell(column.header))];
  for (const row of rows) lines.push(columns.map((column) => cell(column.value(row))));
  return `${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}

/** Downloads rows as a CSV file (with a byte-order mark, so spreadsheets read UTF-8 names right). */
export function downloadCsv<Row>(fileName: string, columns: readonly CsvColumn<Row>[], rows: readonly Row[]) {
  downloadText(fileName, `\uFEFF${toCsv(columns, rows)}`, 'text/csv;charset=utf-8');
}
