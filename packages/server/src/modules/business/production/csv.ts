/**
 * A small RFC 4180 reader: quoted fields with commas, doubled quotes and line breaks, CRLF or LF,
 * a UTF-8 byte order mark. Fed in chunks (`push`), it hands out each record with the line it starts on.
 */
export interface CsvRecord {
  /** 1-based physical line where the record starts. */
  line: number;
  fields: string[];
}

const SPECIAL = /[",\r\n]/g;

/** Line breaks in a piece of a quoted field: CRLF, CR and LF each count once. */
function countBreaks(part: string, afterCR: boolean): number {
  let breaks = 0;
  for (let k = 0; k < part.length; k++) {
    const c = part.charCodeAt(k);
    if (c === 13) breaks++;
    else if (c === 10 && !(k === 0 ? afterCR : part.charCodeAt(k - 1) === 13)) breaks++;
  }
  return breaks;
}

export class CsvReader {
  private field = '';
  private fields: string[] = [];
  private quoted = false;
  /** Inside quotes. */
  private inQuotes = false;
  /** A quote seen inside quotes: either the closing one or the first of a doubled pair. */
  private quotePending = false;
  private pendingCR = false;
  private line = 1;
  private recordLine = 1;
  private started = false;
  private first = true;
  /** Line of a quote still open at the end, if any. */
  unclosedQuoteLine: number | null = null;

  constructor(private readonly onRecord: (record: CsvRecord) => void) {}

  push(chunk: string): void {
    let text = chunk;
    if (this.first && text.length > 0) {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const n = text.length;
    let i = 0;
    while (i < n) {
      if (this.pendingCR) {
        this.pendingCR = false;
        if (text[i] === '\n') {
          i++; // CRLF: the record already ended at the CR
          continue;
        }
      }
      if (this.inQuotes) {
        if (this.quotePending) {
          this.quotePending = false;
          if (text[i] === '"') {
            this.field += '"';
            i++;
            continue;
          }
          this.inQuotes = false; // that quote closed the field
          continue;
        }
        // Copy up to the next quote in one slice, counting the line breaks it holds.
        const q = text.indexOf('"', i);
        const stop = q < 0 ? n : q;
        const part = text.slice(i, stop);
        this.line += countBreaks(part, this.field.endsWith('\r'));
        this.field += part;
        if (q < 0) return;
        this.quotePending = true;
        i = q + 1;
        continue;
      }
      SPECIAL.lastIndex = i;
      const m = SPECIAL.exec(text);
      const at = m ? m.index : n;
      if (at > i) {
        this.started = true;
        this.field += text.slice(i, at);
      }
      if (!m) return;
      const c = text[at]!;
      i = at + 1;
      if (c === ',') {
        this.endField();
      } else if (c === '\r' || c === '\n') {
        this.endRecord();
        this.line++;
        if (c === '\r') this.pendingCR = true;
      } else if (this.field === '' && !this.quoted) {
        this.started = true;
        this.inQuotes = true;
        this.quoted = true;
      } else {
        this.field += c; // a stray quote inside an unquoted field is kept as it is
      }
    }
  }

  end(): void {
    if (this.inQuotes && !this.quotePending) this.unclosedQuoteLine = this.recordLine;
    this.inQuotes = false;
    this.quotePending = false;
    if (this.started || this.fields.length > 0) this.endRecord();
  }

  private endField() {
    this.started = true;
    this.fields.push(this.field);
    this.field = '';
    this.quoted = false;
  }

  private endRecord() {
    if (this.started || this.fields.length > 0) {
      this.fields.push(this.field);
      this.onRecord({ line: this.recordLine, fields: this.fields });
    }
    this.fields = [];
    this.field = '';
    this.quoted = false;
    this.started = false;
    this.recordLine = this.line + 1;
  }
}

/** Parses a whole text (tests, small files). */
export function parseCsv(text: string): { records: CsvRecord[]; unclosedQuoteLine: number | null } {
  const records: CsvRecord[] = [];
  const reader = new CsvReader((r) => records.push(r));
  reader.push(text);
  reader.end();
  return { records, unclosedQuoteLine: reader.unclosedQuoteLine };
}

/**
 * Whether bytes are well-formed GBK (CP936): ASCII, 0x80 (euro), or a lead byte 0x81-0xFE followed by
 * a trail byte 0x40-0x7E or 0x80-0xFE. Node's GBK decoder never fails, so the check is ours.
 */
export function isGbk(bytes: Uint8Array): boolean {
  return gbkScan(bytes, 0, bytes.length) !== -1;
}

/** isGbk over bytes[from, to): where to go on (a pair may end past `to`), or -1 when not GBK. */
function gbkScan(bytes: Uint8Array, from: number, to: number): number {
  let i = from;
  for (; i < to; i++) {
    const b = bytes[i]!;
    if (b <= 0x80) continue;
    if (b === 0xff) return -1;
    const t = bytes[i + 1];
    if (t === undefined || t < 0x40 || t === 0x7f || t === 0xff) return -1;
    i++;
  }
  return i;
}

/** Control characters other than tab and line breaks: a sign of a binary file, not a CSV. */
const hasBinaryControls = (text: string) => {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return true;
  }
  return false;
};

/**
 * Decodes an upload: UTF-8 (with or without BOM) when the bytes are valid UTF-8, else GBK (files
 * saved by Excel in China); null when it is neither (or not text at all).
 */
export function decodeCsv(bytes: Uint8Array): string | null {
  let text: string | null = null;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    if (isGbk(bytes)) text = new TextDecoder('gbk').decode(bytes);
  }
  if (text === null || hasBinaryControls(text)) return null;
  return text;
}

/**
 * decodeCsv in slices of `slice` bytes, awaiting `pause()` after each (issue 12: decoding and checking
 * a 10 MB upload at once held the server's event loop for hundreds of milliseconds): the same text,
 * as pieces, or null.
 */
export async function decodeCsvInSlices(
  bytes: Uint8Array,
  pause: () => Promise<unknown>,
  slice = 512 * 1024,
): Promise<string[] | null> {
  const decodeAll = async (decoder: { decode(input: Uint8Array, options?: { stream?: boolean }): string }) => {
    const pieces: string[] = [];
    for (let at = 0; at < bytes.length; at += slice) {
      const piece = decoder.decode(bytes.subarray(at, at + slice), { stream: at + slice < bytes.length });
      if (hasBinaryControls(piece)) return null;
      pieces.push(piece);
      await pause();
    }
    return pieces;
  };
  let pieces: string[] | null;
  try {
    pieces = await decodeAll(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }));
  } catch {
    for (let at = 0; at < bytes.length; ) {
      at = gbkScan(bytes, at, Math.min(bytes.length, at + slice));
      if (at === -1) return null;
      await pause();
    }
    pieces = await decodeAll(new TextDecoder('gbk'));
  }
  return pieces;
}
