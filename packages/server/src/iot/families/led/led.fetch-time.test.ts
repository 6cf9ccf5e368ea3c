import { describe, expect, it } from 'vitest';
import { FETCH_BYTES_PER_SECOND, fetchSeconds } from './led.fetch-time.js';

describe('a screen’s time to fetch a program’s files', () => {
  it('grows with the files’ bytes: a 20 MB video gives 80 s, text alone nothing', () => {
    expect(fetchSeconds({ files: [{ size: 20 * 1024 * 1024 }] })).toBe(80);
    expect(fetchSeconds({ files: [{ size: FETCH_BYTES_PER_SECOND + 1 }, { size: 10 }] })).toBe(2);
    expect(fetchSeconds({ files: [] })).toBe(0);
    expect(fetchSeconds({})).toBe(0);
    expect(fetchSeconds({ files: [{ size: 'big' }, { size: -5 }] })).toBe(0);
  });
});
