import { describe, expect, it } from 'vitest';
import { translate } from './translate.js';

describe('translate', () => {
  it('says "1 device" in English for a count of one, and keeps Chinese as it is', () => {
    expect(translate('en_US', 'maintenance.devicesAdded', { count: 1 })).toBe('1 device added');
    expect(translate('en_US', 'maintenance.devicesAdded', { count: 3 })).toBe('3 devices added');
    expect(translate('zh_CN', 'maintenance.devicesAdded', { count: 1 })).toBe(
      translate('zh_CN', 'maintenance.devicesAdded', { count: 2 }).replace('2', '1'),
    );
  });

  it('counts with `count` wherever a number stands before a plural, so messages read "at most 1 speaker"', () => {
    expect(translate('en_US', 'nsc.live.tooMany', { count: 1 })).toBe('A broadcast reaches at most 1 speaker');
    expect(translate('en_US', 'nsc.live.tooMany', { count: 1000 })).toBe('A broadcast reaches at most 1000 speakers');
    expect(translate('en_US', 'validation.tooLongMax|{"count":1}')).toBe('At most 1 character');
    expect(translate('en_US', 'validation.tooLongMax|{"count":64}')).toBe('At most 64 characters');
    expect(translate('en_US', 'maintenance.errors.deviceCap', { count: 1 })).toBe(
      'A work order holds at most 1 device',
    );
    expect(translate('zh_CN', 'maintenance.errors.deviceCap', { count: 1 })).toBe('每张工单最多 1 台设备');
  });

  it('falls back to the text itself where no singular is written', () => {
    expect(translate('en_US', 'syssettings.partlySaved', { saved: 1, failed: 1, count: 1 })).toBe(
      '1 saved, 1 not saved',
    );
  });
});
