import { describe, expect, it } from 'vitest';
import { CsvReader, decodeCsv, decodeCsvInSlices, isGbk, parseCsv } from './csv.js';
import { consecutiveNos } from './production.service.js';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF, and a BOM', () => {
    const { records } = parseCsv('\uFEFFa,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\n\r\nlast,,\n');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['x, y', 'say "hi"', 'two\r\nlines'] },
      { line: 5, fields: ['last', '', ''] },
    ]);
  });

  it('gives the same records whatever the chunking', () => {
    const text = 'n,"q""uo\nted",z\r\n1,2,3\r\n"a","b","c"';
    const whole = parseCsv(text).records;
    for (let size = 1; size < 6; size++) {
      const records: unknown[] = [];
      const reader = new CsvReader((r) => records.push(r));
      for (let i = 0; i < text.length; i += size) reader.push(text.slice(i, i + size));
      reader.end();
      expect(records).toEqual(whole);
    }
  });

  it('reports a quote left open', () => {
    expect(parseCsv('a,b\n"open,c\n').unclosedQuoteLine).toBe(2);
  });
});

describe('decodeCsv', () => {
  it('decodes UTF-8 and, when the bytes are not UTF-8, GBK', () => {
    expect(decodeCsv(Buffer.from('路灯,1', 'utf8'))).toBe('路灯,1');
    const gbk = Buffer.from([0xc2, 0xb7, 0xb5, 0xc6, 0x2c, 0x31]);
    expect(isGbk(gbk)).toBe(true);
    expect(decodeCsv(gbk)).toBe('路灯,1');
  });

  it('refuses bytes that are neither, and binary files', () => {
    expect(decodeCsv(Buffer.from([0x61, 0xff, 0xfe, 0x62]))).toBeNull();
    expect(decodeCsv(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]))).toBeNull();
  });
});

describe('decodeCsvInSlices', () => {
  const pause = () => Promise.resolve();
  it('gives the text of decodeCsv whatever the slice, characters cut at the edge of a slice included', async () => {
    const utf8 = Buffer.from('\uFEFF名称,编号\r\n路灯一,LCU001\r\n"灯, 二",LCU002\n', 'utf8');
    // GBK: 路灯 twice, a comma, ASCII; every slice size cuts some two-byte character.
    const gbk = Buffer.from([0xc2, 0xb7, 0xb5, 0xc6, 0x2c, 0x31, 0x0a, 0xc2, 0xb7, 0xb5, 0xc6, 0x2c, 0x32]);
    for (const bytes of [utf8, gbk])
      for (let slice = 1; slice <= 7; slice++) {
        let pauses = 0;
        const pieces = await decodeCsvInSlices(bytes, async () => void pauses++, slice);
        expect(pieces?.join('')).toBe(decodeCsv(bytes));
        expect(pauses).toBeGreaterThanOrEqual(Math.ceil(bytes.length / slice));
      }
  });

  it('refuses what decodeCsv refuses', async () => {
    for (const slice of [1, 3, 1024]) {
      expect(await decodeCsvInSlices(Buffer.from([0x61, 0xff, 0xfe, 0x62]), pause, slice)).toBeNull();
      expect(
        await decodeCsvInSlices(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]), pause, slice),
      ).toBeNull();
    }
  });
});

describe('consecutiveNos', () => {
  it('increments the trailing digits keeping the zero padding', () => {
    expect(consecutiveNos('LCU000123', 3)).toEqual(['LCU000123', 'LCU000124', 'LCU000125']);
    expect(consecutiveNos('A98', 3)).toEqual(['A98', 'A99', 'A100']);
    expect(consecutiveNos('LCU', 2)).toBeNull();
  });
});
