import { ToolOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentProject } from '../../session/use-current-project';
import { historyPath } from './maintenance-api';
import { usePermission } from './use-permission';

/**
 * A device page's link to its maintenance history, for those who may read it. Outside the /pjt area
 * (the registry's device editor) `project` is the device's: the history opens in it.
 */
export function MaintenanceHistoryLink({
  deviceId,
  project,
}: {
  deviceId: number;
  project?: { id: number; name: string };
}) {
  const { t } = useTranslation();
  const current = useCurrentProject();
  const allowed = usePermission('pjtdevicemaintenancehistory', 1);
  if (!allowed) return null;
  return (
    <Link
      to={historyPath(deviceId)}
      onClick={() => {
        if (project && current.projectId !== project.id) current.setProject(project);
      }}
      data-testid="maintenance-history-link"
    >
      <Button icon={<ToolOutlined />}>{t('maintenance.history')}</Button>
    </Link>
  );
}
