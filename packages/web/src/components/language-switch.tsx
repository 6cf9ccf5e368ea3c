import { DownOutlined, GlobalOutlined } from '@ant-design/icons';
import type { Lang } from '@sc/contract';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n/i18n';

const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(loadMenu);

/** 中文 / English; the choice is kept in browser storage and reaches antd, dayjs and the API. */
export function LanguageSwitch({ type = 'text' }: { type?: 'text' | 'default' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [used, setUsed] = useState(false);
  const labels: Record<Lang, string> = { zh_CN: t('common.languageZh'), en_US: t('common.languageEn') };
  const button = (
    <Button
      type={type}
      icon={<GlobalOutlined />}
      // The visible language first, then what the button is for (the name must contain the visible text).
      aria-label={`${labels[lang]}, ${t('frame.language')}`}
      data-testid="language-switch"
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={used ? undefined : () => setUsed(true)}
    >
      <span className="frame-header-text">{labels[lang]}</span> <DownOutlined style={{ fontSize: 10 }} />
    </Button>
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu labels={labels} lang={lang}>
        {button}
      </LanguageMenu>
    </Suspense>
  );
}
