import { translate } from '@sc/contract';
import { describe, expect, it } from 'vitest';
import { alarmMessage } from './alarm-message.js';

const titleIn = (lang: 'zh_CN' | 'en_US', m: ReturnType<typeof alarmMessage>) =>
  'titleKey' in m ? translate(lang, m.titleKey, m.titleParams) : m.title;

describe('device alarm messages', () => {
  it("name a cabinet's cable theft in words, in each reader's language", () => {
    const m = alarmMessage({ name: '一号配电柜', type: 'mtc' }, 'CABLE_THEFT');
    const zh = titleIn('zh_CN', m);
    const en = titleIn('en_US', m);
    expect(zh).toContain('一号配电柜');
    expect(zh).not.toContain('CABLE_THEFT');
    expect(en).not.toContain('CABLE_THEFT');
    expect(en).toMatch(/^Device alarm: 一号配电柜, \S/);
    expect(m.content).toBe('');
  });

  it('keep a code no catalogue knows as the device sent it', () => {
    expect(titleIn('en_US', alarmMessage({ name: 'L1', type: 'lighting' }, 'X42'))).toBe('Device alarm: L1 (X42)');
  });
});
