import { Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProjectSwitcher } from '../../../components/project-switcher';
import { useCurrentProject } from '../../../session/use-current-project';
import { GatewayList } from './gateway-list';

/** /pjt/pjtdevicegatewaylist (spec 001 §2): the gateways of the current project, states live. */
export default function PjtDeviceGatewayListPage() {
  const { t } = useTranslation();
  const { projectId } = useCurrentProject();
  return (
    <Flex vertical gap={12}>
      <ProjectSwitcher />
      {projectId ? (
        <GatewayList key={projectId} projectId={projectId} />
      ) : (
        <Empty description={t('gateways.noProject')} />
      )}
    </Flex>
  );
}
