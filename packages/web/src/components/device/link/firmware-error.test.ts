import { describe, expect, it } from 'vitest';
import { loadFamilyTexts } from '../../../i18n/family-texts';
import { changeLang } from '../../../i18n/i18n';
import { upgradeError } from './firmware-card';

describe('a failed upgrade', () => {
  it("reads the server's reason (a whole text key) in words, in both languages", async () => {
    await loadFamilyTexts();
    await changeLang('zh_CN');
    expect(upgradeError('firmware.interrupted')).toBe('服务器在升级过程中重启，升级已中断，请重新升级');
    expect(upgradeError('E42')).toBe('设备报告升级失败');
    await changeLang('en_US');
    expect(upgradeError('firmware.offline')).toBe('The device is offline; it cannot be upgraded');
    await changeLang('zh_CN');
  });
});
