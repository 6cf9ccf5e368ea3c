import { Skeleton } from 'antd';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { useLoaderData } from 'react-router';

const PageDenied = lazy(() => import('./page-denied'));

/** One screen inside the frame, loaded lazily; a refused home page explains itself. */
export function PageSlot({ page: Page }: { page: LazyExoticComponent<ComponentType> }) {
  const data = useLoaderData() as { denied?: boolean } | undefined;
  return <Suspense fallback={<Skeleton active />}>{data?.denied ? <PageDenied /> : <Page />}</Suspense>;
}
