import { Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProjectSwitcher } from '../../../components/project-switcher';
import { useCurrentProject } from '../../../session/use-current-project';
import { useEditedId } from '../../biz/deviceedit/device-edit-page';
import { DeviceWizard } from '../../biz/deviceedit/device-wizard';

/** /pjt/pjtdeviceedit (?id=… to edit): the device wizard under the current project. */
export default function PjtDeviceEditPage() {
  const { t } = useTranslation();
  const { projectId } = useCurrentProject();
  const id = useEditedId();
  return (
    <Flex vertical gap={12}>
      <ProjectSwitcher />
      {projectId ? (
        <DeviceWizard key={`${projectId}-${id ?? 'new'}`} scope={{ kind: 'pjt', projectId }} id={id} />
      ) : (
        <Empty description={t('devices.noProject')} />
      )}
    </Flex>
  );
}
