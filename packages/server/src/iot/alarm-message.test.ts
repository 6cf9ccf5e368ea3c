import { translate } from '@sc/contract';
import { describe, expect, it } from 'vitest';
import { alarmMessage, offlineMessage } from './alarm-message.js';

const titleIn = (lang: 'zh_CN' | 'en_US', m: ReturnType<typeof alarmMessage>) =>
  'titleKey' in m ? translate(lang, m.titleKey, m.titleParams) : m.title;

describe('device alarm messages', () => {
  it("name a cabinet's cable theft and its project in words, in each reader's language", () => {
    const m = alarmMessage({ name: '一号配电柜', type: 'mtc' }, 'CABLE_THEFT', { project: '东城区' });
    const zh = titleIn('zh_CN', m);
    const en = titleIn('en_US', m);
    expect(zh).toMatch(/^设备告警：一号配电柜（东城区），\S/);
    expect(zh).not.toContain('CABLE_THEFT');
    expect(en).not.toContain('CABLE_THEFT');
    expect(en).toMatch(/^Device alarm: 一号配电柜 \(东城区\), \S/);
    expect(m.content).toBe('');
  });

  it("name the built-in root project in the reader's language", () => {
    const m = alarmMessage({ name: 'L1', type: 'lighting' }, '19', { projectKey: 'labels.builtin.rootProject' });
    expect(titleIn('en_US', m)).toBe('Device alarm: L1 (Smart city platform), Lamp fault');
    expect(titleIn('zh_CN', m)).toBe('设备告警：L1（智慧城市平台），灯具故障');
  });

  it('keep a code no catalogue knows as the device sent it', () => {
    expect(titleIn('en_US', alarmMessage({ name: 'L1', type: 'lighting' }, 'X42', { project: 'P' }))).toBe(
      'Device alarm: L1 (P), unrecognised alarm (X42)',
    );
  });

  it('name one offline device, or the first and how many more, with the project', () => {
    expect(titleIn('zh_CN', offlineMessage(['A'], { project: 'P' }))).toBe('设备离线：A（P）');
    const many = offlineMessage(['A', 'B', 'C'], { project: 'P' });
    expect(titleIn('zh_CN', many)).toBe('设备离线：A 等 3 台设备（P）');
    expect(titleIn('en_US', many)).toBe('Devices offline: A and 2 more (P)');
    expect(many.content).toBe('A、B、C');
  });
});
