import { PRODUCTION_CSV_COLUMNS, type ProductionImportResult } from '@sc/contract';

/**
 * The CSV an operator downloads after a refused import: every line of their file as they wrote it, and
 * a last column with the errors of that line, so they can fix the file and import it again (the
 * import drops that column again: withoutErrorColumn).
 */

/** The bytes of a file (FileReader: jsdom's File has no arrayBuffer()). */
export function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** The file's text: UTF-8, or GBK when it is not valid UTF-8 (the import accepts both). */
export function decodeCsv(bytes: ArrayBuffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('gbk').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/** The records of a CSV text as written (quotes kept); a quoted field may hold line breaks. */
export function csvRecords(text: string): string[] {
  const records: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === '\n' && !quoted) {
      records.push(text.slice(start, text[i - 1] === '\r' ? i - 1 : i));
      start = i + 1;
    }
  }
  if (start < text.length) records.push(text.slice(start));
  return records;
}

/** Where the last field of a record starts (after its last comma outside quotes), or -1. */
function lastComma(record: string): number {
  let quoted = false;
  let at = -1;
  for (let i = 0; i < record.length; i++) {
    if (record[i] === '"') quoted = !quoted;
    else if (record[i] === ',' && !quoted) at = i;
  }
  return at;
}

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The file's lines with a last column holding each line's errors (header line 1, as the server counts). */
export function errorRowsCsv(text: string, errors: ProductionImportResult['errors'], errorHeader: string): string {
  const byLine = new Map<number, string[]>();
  for (const e of errors) {
    if (e.line <= 0) continue;
    byLine.set(e.line, [...(byLine.get(e.line) ?? []), e.field ? `${e.field}: ${e.message}` : e.message]);
  }
  const records = csvRecords(text).filter((r, i) => i === 0 || r.trim() !== '');
  const lines = records.map((record, i) =>
    i === 0 ? `${record},${quote(errorHeader)}` : `${record},${quote((byLine.get(i + 1) ?? []).join('; '))}`,
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * A downloaded error file imported again: without its error column (named in either language), every
 * other file unchanged. Null when the file has no error column.
 */
export function withoutErrorColumn(text: string, errorHeaders: string[]): string | null {
  const records = csvRecords(text);
  const header = records[0] ?? '';
  const cut = lastComma(header);
  if (cut < 0) return null;
  const columns = header
    .slice(0, cut)
    .split(',')
    .map((c) => c.trim());
  const last = header
    .slice(cut + 1)
    .replace(/^"|"$/g, '')
    .trim();
  if (columns.join(',') !== PRODUCTION_CSV_COLUMNS.join(',') || !errorHeaders.includes(last)) return null;
  return `${records
    .map((record) => {
      const at = lastComma(record);
      return at < 0 ? record : record.slice(0, at);
    })
    .join('\r\n')}\r\n`;
}

/** Offers a text as a file download. */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
