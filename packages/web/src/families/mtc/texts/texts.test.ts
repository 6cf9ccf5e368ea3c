import { describe, expect, it } from 'vitest';
import { itHasBothLanguages } from '../../../components/screen-texts-testing';
import { i18n } from '../../../i18n/i18n';
import { CABINET_TEXTS } from '.';

describe('cabinet screen texts', () => {
  itHasBothLanguages(CABINET_TEXTS);

  it('join the catalogue of both languages once a cabinet screen loads', () => {
    expect(i18n.t('cabinets.circuits.name', { index: 3, lng: 'zh_CN' })).toBe('回路 3');
    expect(i18n.t('cabinets.circuits.name', { index: 3, lng: 'en_US' })).toBe('Circuit 3');
  });
});
