import { describe, expect, it } from 'vitest';
import { itHasBothLanguages } from '../../../components/screen-texts-testing';
import { i18n } from '../../../i18n/i18n';
import { PGW_TEXTS } from '.';

describe('power-line gateway screen texts', () => {
  itHasBothLanguages(PGW_TEXTS);

  it("join the catalogue of both languages beside the server's messages", () => {
    expect(i18n.t('pgw.signal.excellent', { lng: 'zh_CN' })).toBe('优');
    expect(i18n.t('pgw.signal.excellent', { lng: 'en_US' })).toBe('Excellent');
    expect(i18n.t('pgw.notChild', { lng: 'en_US' })).toBe('The lamp controller is not behind this gateway');
  });
});
