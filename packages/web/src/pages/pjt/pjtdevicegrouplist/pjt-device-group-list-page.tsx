import { Flex } from 'antd';
import { ProjectSwitcher } from '../../../components/project-switcher';
import { useCurrentProject } from '../../../session/use-current-project';
import { GroupList } from '../../biz/devicegrouplist/group-list';

/** /pjt/pjtdevicegrouplist: the groups of the current project (the same screen as /biz, on /api/pjts/{id}). */
export default function PjtDeviceGroupListPage() {
  const { apiBase } = useCurrentProject();
  return (
    <Flex vertical gap={12}>
      <ProjectSwitcher />
      {apiBase && <GroupList key={apiBase} apiBase={apiBase} scoped />}
    </Flex>
  );
}
