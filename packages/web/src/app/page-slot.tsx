import { Button, Result, Skeleton } from 'antd';
import { type ComponentType, type LazyExoticComponent, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useNavigate } from 'react-router';
import { logout } from '../session/logout';

/** One screen inside the frame, loaded lazily; a refused home page explains itself. */
export function PageSlot({ page: Page }: { page: LazyExoticComponent<ComponentType> }) {
  const data = useLoaderData() as { denied?: boolean } | undefined;
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (data?.denied) {
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
  return (
    <Suspense fallback={<Skeleton active />}>
      <Page />
    </Suspense>
  );
}
