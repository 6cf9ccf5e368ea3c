import { Flex } from 'antd';
import { ProjectSwitcher } from '../../../components/project-switcher';
import { useCurrentProject } from '../../../session/use-current-project';
import { AreaList } from '../../biz/devicearealist/area-list';

/** /pjt/pjtdevicearealist: the areas of the current project (the same screen as /biz, on /api/pjts/{id}). */
export default function PjtDeviceAreaListPage() {
  const { apiBase } = useCurrentProject();
  return (
    <Flex vertical gap={12}>
      <ProjectSwitcher />
      {apiBase && <AreaList key={apiBase} apiBase={apiBase} scoped />}
    </Flex>
  );
}
