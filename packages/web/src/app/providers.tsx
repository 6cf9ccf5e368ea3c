import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '../api/query-client';
import { useMediaQuery } from '../components/use-media-query';
import { i18n, useLang } from '../i18n/i18n';
import { FeedbackBridge } from './feedback';
import { THEME } from './theme';

function ThemedApp({ children }: { children: ReactNode }) {
  const lang = useLang();
  const client = useQueryClient();
  const shown = useRef(lang);
  // An operator who asked the system for less motion gets none: modals, drawers and menus appear at once.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const theme = useMemo(
    () => (reducedMotion ? { ...THEME, token: { ...THEME.token, motion: false } } : THEME),
    [reducedMotion],
  );
  // Answers are in the caller's language (built-in names, server texts): a switch reads them again.
  useEffect(() => {
    if (shown.current === lang) return;
    shown.current = lang;
    void client.invalidateQueries();
  }, [lang, client]);
  return (
    <ConfigProvider locale={lang === 'zh_CN' ? zhCN : enUS} theme={theme}>
      <App>
        <FeedbackBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}

/** Server state, i18n and antd's theme, locale and feedback context for the whole console. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ThemedApp>{children}</ThemedApp>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
