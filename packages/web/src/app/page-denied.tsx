import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../session/logout';

/** A refused home page explains itself (loaded only then: antd's Result carries large illustrations). */
export default function PageDenied() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="403"
      subTitle={t('crud.forbidden')}
      extra={
        <Button
          onClick={async () => {
            await logout();
            await navigate('/index');
          }}
        >
          {t('frame.logout')}
        </Button>
      }
    />
  );
}
