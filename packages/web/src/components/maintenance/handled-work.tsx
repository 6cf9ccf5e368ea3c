import { CheckCircleOutlined } from '@ant-design/icons';
import type { HandledWork } from '@sc/contract';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentProject } from '../../session/use-current-project';
import { billPath } from './maintenance-api';
import { usePermission } from './use-permission';

/**
 * An alarm a work order handled (its line completed): "handled" and, for those who may read work
 * orders, the bill's number opening it (in the bill's project, chosen first when another is current).
 */
export function HandledWorkTag({ work }: { work: HandledWork }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { projectId, setProject } = useCurrentProject();
  const readable = usePermission('pjtmaintenancebilllist', 1);
  const open = () => {
    if (projectId !== work.projectId) setProject({ id: work.projectId, name: work.projectName });
    navigate(billPath(work.billId));
  };
  return (
    <Space size={4} wrap data-testid="alarm-handled">
      <Tag color="success" icon={<CheckCircleOutlined />} style={{ marginInlineEnd: 0 }}>
        {t('maintenance.handled')}
      </Tag>
      {readable ? (
        <Typography.Link onClick={open} title={t('maintenance.handledBy', { no: work.billNo })}>
          {work.billNo}
        </Typography.Link>
      ) : (
        <Typography.Text type="secondary">{work.billNo}</Typography.Text>
      )}
    </Space>
  );
}
