import type { OperateLogView } from '@sc/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { KeyValues, useLabels } from '../../../components/labels';
import { formatTime } from '../../../components/time';
import { LogList } from '../logs/log-list';

/** /man/operatehistory: every device command with its result (DESIGN §7). */
export default function OperateHistoryPage() {
  const { t } = useTranslation();
  const labels = useLabels();
  return (
    <LogList<OperateLogView>
      kind="operate"
      columns={[
        { key: 'at', dataIndex: 'at', title: t('logs.fields.at'), width: 170, render: formatTime },
        { key: 'account', dataIndex: 'account', title: t('logs.fields.account'), width: 120 },
        {
          key: 'device',
          dataIndex: 'deviceName',
          title: t('logs.fields.device'),
          width: 160,
          render: (name: string, row) => name || (row.deviceId ? `#${row.deviceId}` : t('logs.noDevice')),
        },
        {
          key: 'command',
          dataIndex: 'command',
          title: t('logs.fields.command'),
          width: 120,
          render: (command: string) => labels.command(command),
        },
        {
          key: 'args',
          dataIndex: 'args',
          title: t('logs.fields.args'),
          render: (args: unknown) => <KeyValues value={args} maxWidth={260} />,
        },
        {
          key: 'result',
          dataIndex: 'result',
          title: t('logs.fields.result'),
          render: (result: string) => <KeyValues value={result} maxWidth={260} />,
        },
        {
          key: 'success',
          dataIndex: 'success',
          title: t('logs.fields.success'),
          width: 90,
          render: (success: boolean) =>
            success ? <Tag color="success">{t('logs.success')}</Tag> : <Tag color="error">{t('logs.failure')}</Tag>,
        },
        {
          key: 'duration',
          dataIndex: 'durationMs',
          title: t('logs.fields.duration'),
          width: 110,
          align: 'right',
          render: (ms: number) => t('logs.durationMs', { ms: ms ?? 0 }),
        },
      ]}
    />
  );
}
