import { ToolOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { historyPath } from './maintenance-api';
import { usePermission } from './use-permission';

/** A device page's link to its maintenance history, for those who may read it. */
export function MaintenanceHistoryLink({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  if (!usePermission('pjtdevicemaintenancehistory', 1)) return null;
  return (
    <Link to={historyPath(deviceId)}>
      <Button icon={<ToolOutlined />}>{t('maintenance.history')}</Button>
    </Link>
  );
}
