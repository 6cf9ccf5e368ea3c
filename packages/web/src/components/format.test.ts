import { readingWordKey, roundReading } from '@sc/contract';
import { describe, expect, it } from 'vitest';
import { changeLang, i18n } from '../i18n/i18n';
import { formatDuration, formatReading, withUnit } from './format';

describe('formatDuration', () => {
  it('says a duration in the two largest units, in words of each language', async () => {
    await changeLang('zh_CN');
    const t = i18n.t.bind(i18n);
    expect(formatDuration(3 * 86_400 + 4 * 3600 + 5 * 60, t)).toBe('3 天 4 小时');
    expect(formatDuration(3 * 86_400 + 5 * 60, t)).toBe('3 天');
    expect(formatDuration(4 * 3600 + 5 * 60 + 6, t)).toBe('4 小时 5 分钟');
    expect(formatDuration(5 * 60 + 6, t)).toBe('5 分钟 6 秒');
    expect(formatDuration(30, t)).toBe('30 秒');
    expect(formatDuration(0, t)).toBe('0 秒');
    expect(formatDuration(null, t)).toBe('');
    await changeLang('en_US');
    expect(formatDuration(3 * 86_400 + 4 * 3600, t)).toBe('3 d 4 h');
    expect(formatDuration(4 * 3600 + 5 * 60, t)).toBe('4 h 5 min');
    expect(formatDuration(30, t)).toBe('30 s');
    await changeLang('zh_CN');
  });
});

describe('withUnit', () => {
  it('joins a reading and its unit with a space that does not break, a dash when missing', () => {
    expect(withUnit(17728.1, 'kWh')).toBe('17728.1\u00a0kWh');
    expect(withUnit(2260.84, 'kWh')).toBe('2260.8\u00a0kWh');
    expect(withUnit(0.9, '')).toBe('0.9');
    expect(withUnit(null, 'kWh')).toBe('—');
    expect(withUnit(undefined, 'V')).toBe('—');
    expect(withUnit(0.956, '', 2)).toBe('0.96');
  });
});

describe('readingWordKey', () => {
  const power = { texts: 'lighting.power', values: ['off', 'on'] };
  it('names a state carried as a number, nothing for a value it does not name', () => {
    expect(readingWordKey(power, 1)).toBe('lighting.power.on');
    expect(readingWordKey(power, 0)).toBe('lighting.power.off');
    expect(readingWordKey(power, 7)).toBeNull();
    expect(readingWordKey(power, null)).toBeNull();
  });
});

describe('formatReading', () => {
  it('shows one decimal unless the reading says otherwise, as the exports round it', () => {
    expect(formatReading(9.176190376281738)).toBe('9.2');
    expect(roundReading(9.176190376281738)).toBe(9.2);
    expect(formatReading(20)).toBe('20');
    expect(formatReading(0.95, 2)).toBe('0.95');
    expect(roundReading(0.954, 2)).toBe(0.95);
    expect(formatReading(null)).toBe('—');
  });
});
