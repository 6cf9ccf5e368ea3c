import { PassThrough, Readable } from 'node:stream';
import { type ExportFormat, localTime, XLSX_TYPE } from '@sc/contract';
import type { FastifyReply } from 'fastify';

/**
 * THE export of a table (every download of the product goes through it): one set of columns and rows
 * written as CSV (UTF-8 with a byte order mark, so Excel reads Chinese; RFC 4180 quoting; CRLF) or as
 * an .xlsx workbook (exceljs, streamed). The caller gives titles already in the reader's language and
 * values already rounded as the screen shows them; times come as instants and are written at the
 * system timezone as yyyy-MM-dd HH:mm:ss (text in CSV, a date cell with that format in Excel).
 */

/** One cell: an instant (written at the system timezone), a number, a text, or nothing. */
export type ExportCell = Date | number | string | null;

export interface ExportColumn {
  title: string;
  /** Width in characters of the workbook's column (the title's length when omitted). */
  width?: number;
}

export interface TableExport {
  format: ExportFormat;
  /** The file's name without extension (any characters: sent RFC 5987 encoded). */
  name: string;
  /** The workbook's sheet name (at most 31 characters, no []:*?/\). */
  sheet?: string;
  columns: readonly ExportColumn[];
  /** The rows in chunks, in the order the screen shows them. */
  rows: AsyncIterable<readonly ExportCell[][]>;
  /** The system timezone in hours east of UTC. */
  timezoneHours: number;
}

/** Writes one CSV line (RFC 4180 quoting). */
export const csvLine = (fields: readonly string[]) =>
  fields.map((f) => (/[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(',');

const csvCell = (cell: ExportCell, timezoneHours: number): string => {
  if (cell === null) return '';
  if (cell instanceof Date) return localTime(cell, timezoneHours);
  return String(cell);
};

async function* csvText(table: TableExport) {
  yield `\uFEFF${csvLine(table.columns.map((c) => c.title))}\r\n`;
  for await (const rows of table.rows) {
    if (rows.length === 0) continue;
    yield rows.map((row) => `${csvLine(row.map((cell) => csvCell(cell, table.timezoneHours)))}\r\n`).join('');
  }
}

/** The date format of spec 000 §9 in Excel's tokens. */
const EXCEL_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

/** The workbook, streamed: rows are committed as they come, so a long period does not sit in memory. */
function xlsxStream(table: TableExport): Readable {
  const out = new PassThrough();
  (async () => {
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
    const sheet = book.addWorksheet(sheetName(table.sheet ?? table.name), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = table.columns.map((c, i) => ({
      header: c.title,
      key: String(i),
      width: Math.max(c.width ?? 0, [...c.title].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0) + 2),
    }));
    sheet.getRow(1).font = { bold: true };
    // Excel's dates have no timezone: the wall clock of the system timezone is written as it reads.
    const shift = table.timezoneHours * 3_600_000;
    for await (const rows of table.rows) {
      for (const row of rows) {
        const added = sheet.addRow(row.map((cell) => (cell instanceof Date ? new Date(cell.getTime() + shift) : cell)));
        row.forEach((cell, i) => {
          if (cell instanceof Date) added.getCell(i + 1).numFmt = EXCEL_TIME_FORMAT;
        });
        added.commit();
      }
    }
    sheet.commit();
    await book.commit();
  })().catch((error: Error) => out.destroy(error));
  return out;
}

/**
 * Sends the table as a download: CSV or .xlsx as `format` asks, named `<name>.<csv|xlsx>` (the name
 * RFC 5987 encoded, so Chinese names survive).
 */
export function sendTable(reply: FastifyReply, table: TableExport): FastifyReply {
  const xlsx = table.format === 'xlsx';
  const filename = encodeURIComponent(`${table.name}.${xlsx ? 'xlsx' : 'csv'}`);
  return reply
    .header('content-type', xlsx ? XLSX_TYPE : 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename*=UTF-8''${filename}`)
    .send(xlsx ? xlsxStream(table) : Readable.from(csvText(table)));
}
