import { ToolOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/errors';
import { useFeedback } from '../../app/feedback';
import { useCurrentProject } from '../../session/use-current-project';
import { useLabels } from '../labels';
import { formatTime } from '../time';
import { billPath, maintenanceApi } from './maintenance-api';
import { usePermission } from './use-permission';

export interface AlarmToOpen {
  deviceId: number;
  deviceName: string;
  /** The device's type: its family's label of the code. */
  deviceType?: string;
  /** The alarm's code and when it occurred; omitted when the work is not about one alarm. */
  code?: string;
  at?: string;
}

/**
 * "An alarm opens work": one action that creates a work order with the device and its alarm filled
 * in, then opens it. Shown only to users who may write work orders; families place it beside an alarm.
 */
export function OpenWorkOrderButton({
  alarm,
  project,
  size = 'small',
}: {
  alarm: AlarmToOpen;
  /** The alarm's project when it may not be the current one (a site message): the bill goes there. */
  project?: { id: number; name: string };
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation();
  const labels = useLabels();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const current = useCurrentProject();
  const projectId = project?.id ?? current.projectId;
  const allowed = usePermission('pjtmaintenancebilllist', 5);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ title: string }>();
  if (!allowed || !projectId) return null;
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { title } = values;
    setBusy(true);
    try {
      const bill = await maintenanceApi(projectId).create({
        title,
        deviceId: alarm.deviceId,
        alarmCode: alarm.code,
        alarmAt: alarm.at,
      });
      message.success(t('maintenance.created'));
      setOpen(false);
      if (project && project.id !== current.projectId) current.setProject(project);
      navigate(billPath(bill.id));
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : t('common.loadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size={size}
        type="link"
        icon={<ToolOutlined />}
        onClick={() => setOpen(true)}
        data-testid="open-work-order"
      >
        {t('maintenance.fromAlarm')}
      </Button>
      {open && (
        <Modal
          open
          title={t('maintenance.fromAlarmTitle', { name: alarm.deviceName })}
          okText={t('common.ok')}
          cancelText={t('common.cancel')}
          confirmLoading={busy}
          onOk={submit}
          onCancel={() => setOpen(false)}
        >
          {alarm.code && (
            <Typography.Paragraph type="secondary">
              {t('maintenance.fields.alarm')}：
              {t('maintenance.alarmLabel', {
                code: labels.eventCode(alarm.code, alarm.deviceType),
                time: alarm.at ? formatTime(alarm.at) : '',
              })}
            </Typography.Paragraph>
          )}
          <Form
            form={form}
            layout="vertical"
            initialValues={{ title: t('maintenance.fromAlarmDefaultTitle', { name: alarm.deviceName }).slice(0, 50) }}
          >
            <Form.Item
              name="title"
              label={t('maintenance.fields.title')}
              rules={[
                { required: true, message: t('validation.required') },
                { min: 2, max: 50, message: t('validation.length', { min: 2, count: 50 }) },
              ]}
            >
              <Input maxLength={50} />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}
