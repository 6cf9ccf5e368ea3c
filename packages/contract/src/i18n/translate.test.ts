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

  it('falls back to the text itself where no singular is written', () => {
    expect(translate('en_US', 'syssettings.partlySaved', { saved: 1, failed: 1, count: 1 })).toBe(
      '1 saved, 1 not saved',
    );
  });
});
