import { GroupList } from './group-list';

/** /biz/devicegrouplist: the groups of every project the caller can see. */
export default function DeviceGroupListPage() {
  return <GroupList apiBase="/api/biz" />;
}
