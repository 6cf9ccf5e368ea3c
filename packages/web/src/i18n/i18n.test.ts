import { describe, expect, it } from 'vitest';
import { changeLang, currentLang, i18n } from './i18n';

describe('i18next set-up', () => {
  it('defaults to Chinese and interpolates single-brace parameters', async () => {
    await changeLang('zh_CN');
    expect(currentLang()).toBe('zh_CN');
    expect(i18n.t('frame.unread', { msg: 7 })).toBe('共 7 条未读消息');
  });

  it('switches to English and keeps the choice in storage', async () => {
    await changeLang('en_US');
    expect(i18n.t('frame.unread', { msg: 3 })).toBe('Unread messages: 3');
    expect(i18n.t('common.confirmDelete', { count: 2 })).toBe('Delete the 2 selected records?');
    expect(localStorage.getItem('sc.lang')).toBe('en_US');
    // Screen readers read the page in the language shown.
    expect(document.documentElement.lang).toBe('en-US');
    await changeLang('zh_CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
