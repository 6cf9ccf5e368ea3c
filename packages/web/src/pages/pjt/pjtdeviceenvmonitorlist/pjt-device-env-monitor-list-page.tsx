import { Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProjectSwitcher } from '../../../components/project-switcher';
import { useCurrentProject } from '../../../session/use-current-project';
import { EnvList } from './env-list';

/** /pjt/pjtdeviceenvmonitorlist (spec 001 §2): every monitor of the project with its latest readings, live. */
export default function PjtDeviceEnvMonitorListPage() {
  const { t } = useTranslation();
  const { projectId } = useCurrentProject();
  return (
    <Flex vertical gap={12}>
      <ProjectSwitcher />
      {projectId ? (
        <EnvList key={projectId} projectId={projectId} />
      ) : (
        <Empty description={t('envmonitors.noProject')} />
      )}
    </Flex>
  );
}
