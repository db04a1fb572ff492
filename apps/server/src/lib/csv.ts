import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @ first) is written with a leading
 * apostrophe, so opening an export never runs what a name or description holds.
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * Rows as CSV for spreadsheet programs: UTF-8 with a byte order mark (so they read Arabic and
 * Indonesian right), CRLF line ends, every cell formula-safe.
 */
export function spreadsheetCsv(header: readonly string[], rows: readonly (readonly string[])[]): Buffer {
  const text = stringify([[...header], ...rows.map((row) => row.map(spreadsheetSafe))], { record_delimiter: '\r\n' });
  return Buffer.from(`\uFEFF${text}`, 'utf8');
}

/** A CSV file as a download that no shared cache keeps. */
export function sendCsv(reply: FastifyReply, file: Buffer, name: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(file);
}
