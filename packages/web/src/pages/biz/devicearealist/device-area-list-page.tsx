import { AreaList } from './area-list';

/** /biz/devicearealist: the areas of every project the caller can see. */
export default function DeviceAreaListPage() {
  return <AreaList apiBase="/api/biz" />;
}
