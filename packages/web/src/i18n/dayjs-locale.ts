import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { i18n } from './i18n';

const localeOf = (lang: string) => (lang === 'zh_CN' ? 'zh-cn' : 'en');
let following = false;

/**
 * Dates (dayjs: pickers, relative times) in the console's language, now and after every switch. Set
 * up with the frame and the public screens (family-texts.ts's route loader), so that dayjs stays off
 * the login page, which shows no date (issue 12).
 */
export function followLanguage(): void {
  dayjs.locale(localeOf(i18n.language));
  if (following) return;
  following = true;
  i18n.on('languageChanged', (lang: string) => dayjs.locale(localeOf(lang)));
}
