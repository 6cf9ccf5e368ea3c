import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLang } from '../i18n/i18n';
import { rawOnScreen, screenText } from './raw-guard';

beforeEach(async () => {
  await changeLang('zh_CN');
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the raw-text guard of the family screens (issue 13)', () => {
  it('fails on a zh-CN screen that shows an enumeration identifier or an i18n key instead of its label', () => {
    expect(rawOnScreen('柜门 door')).toEqual(['door']);
    expect(rawOnScreen('状态\nfault')).toEqual(['fault']);
    expect(rawOnScreen('事件 lighting.eventCodes.19')).toEqual(['lighting.eventCodes.19']);
    expect(rawOnScreen('灯具故障 (19)')).toEqual(['灯具故障 (19)']);
    expect(rawOnScreen('{"label": 1}')).toEqual(['{"label":']);
    expect(rawOnScreen('2026-11-22T11:00:00.000Z')).toEqual(['2026-11-22T11:00:00.000Z']);
  });

  it('passes labels, typed names, addresses and codes the lists show on purpose', () => {
    expect(rawOnScreen('柜门\n灯具故障\n网关 GW-01\n192.168.1.10\n路灯 L-001')).toEqual([]);
  });

  it('reads placeholders and tooltips but not an icon name or a chart stand-in', () => {
    document.body.innerHTML =
      '<input placeholder="gateways.events.code" /><span aria-label="poweroff"></span><pre data-testid="chart-option">{"series": 1}</pre>';
    expect(screenText()).toBe('gateways.events.code');
    expect(rawOnScreen(screenText())).toEqual(['gateways.events.code']);
  });

  it('in en-US, leaves English words alone but still finds i18n keys', async () => {
    await changeLang('en_US');
    expect(rawOnScreen('Door open\nfault')).toEqual([]);
    expect(rawOnScreen('gateways.events.code')).toEqual(['gateways.events.code']);
  });
});
