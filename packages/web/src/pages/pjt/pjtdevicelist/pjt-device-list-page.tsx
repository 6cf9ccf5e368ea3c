import { Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProjectSwitcher } from '../../../components/project-switcher';
import { useCurrentProject } from '../../../session/use-current-project';
import { DeviceList } from '../../biz/devicelist/device-list';

/** /pjt/pjtdevicelist: the devices of the current project (the /biz list on /api/pjts/{id}), with a full-screen map. */
export default function PjtDeviceListPage() {
  const { t } = useTranslation();
  const { projectId } = useCurrentProject();
  return (
    <Flex vertical gap={12}>
      <ProjectSwitcher />
      {projectId ? (
        <DeviceList key={projectId} scope={{ kind: 'pjt', projectId }} />
      ) : (
        <Empty description={t('devices.noProject')} />
      )}
    </Flex>
  );
}
