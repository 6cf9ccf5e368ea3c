import { DownOutlined, GlobalOutlined } from '@ant-design/icons';
import type { Lang } from '@sc/contract';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLang, useLang } from '../i18n/i18n';

/** 中文 / English; the choice is kept in browser storage and reaches antd, dayjs and the API. */
export function LanguageSwitch({ type = 'text' }: { type?: 'text' | 'default' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const labels: Record<Lang, string> = { zh_CN: t('common.languageZh'), en_US: t('common.languageEn') };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: (Object.keys(labels) as Lang[]).map((key) => ({ key, label: labels[key] })),
        onClick: ({ key }) => void changeLang(key as Lang),
      }}
    >
      <Button type={type} icon={<GlobalOutlined />} aria-label={t('frame.language')} data-testid="language-switch">
        {labels[lang]} <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
