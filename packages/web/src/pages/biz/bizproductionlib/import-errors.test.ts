import { describe, expect, it } from 'vitest';
import { csvRecords, errorRowsCsv, withoutErrorColumn } from './import-errors';

const HEADER = 'name,no,key1,modelNo,projectNo,description';

describe('the file with its errors', () => {
  it('keeps quoted line breaks inside one record', () => {
    expect(csvRecords('a,b\r\n"x\ny",2\n')).toEqual(['a,b', '"x\ny",2']);
  });

  it('is imported again without its error column, in either language', () => {
    const original = `${HEADER}\n灯1,L1,k1,m1,P1,"a, b"\n`;
    const withErrors = errorRowsCsv(original, [{ line: 2, field: 'modelNo', message: '型号不存在, "m1"' }], 'Error');
    expect(withErrors).toContain('"modelNo: 型号不存在, ""m1"""');
    const again = withoutErrorColumn(withErrors.replace(/^\uFEFF/, ''), ['错误', 'Error']);
    expect(again).toBe(`${HEADER}\r\n灯1,L1,k1,m1,P1,"a, b"\r\n`);
  });

  it('leaves any other file alone', () => {
    expect(withoutErrorColumn(`${HEADER}\nx,y,z,m,p,d\n`, ['错误', 'Error'])).toBeNull();
  });
});
