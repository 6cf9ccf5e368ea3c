import { HomeOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMatches, useNavigate } from 'react-router';
import { HOME_PATH } from './guard';

/**
 * A function the catalogue lists but the console has not built yet: its URL says so (issue 13)
 * instead of landing silently on the home page.
 */
export default function PageUnavailable() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const key = (useMatches().at(-1)?.handle as { key?: string } | undefined)?.key;
  return (
    <Result
      data-testid="page-unavailable"
      status="info"
      title={t('frame.unavailableTitle', { name: key ? t(`menu.${key}`) : '' })}
      subTitle={t('frame.unavailableDetail')}
      extra={
        <Button type="primary" icon={<HomeOutlined />} onClick={() => void navigate(HOME_PATH)}>
          {t('frame.unavailableHome')}
        </Button>
      }
    />
  );
}
