import type { OperateLogView } from '@sc/contract';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { KeyValues, useLabels } from '../../../components/labels';
import { formatTime } from '../../../components/time';
import { LogList } from '../logs/log-list';

/** /man/operatehistory: every device command with its result (DESIGN §7); it fits 1366 px (issue 13). */
export default function OperateHistoryPage() {
  const { t } = useTranslation();
  const labels = useLabels();
  return (
    <LogList<OperateLogView>
      kind="operate"
      hiddenByDefault={['duration']}
      columns={[
        { key: 'at', dataIndex: 'at', title: t('logs.fields.at'), width: 170, render: formatTime },
        {
          key: 'account',
          dataIndex: 'account',
          title: t('logs.fields.account'),
          width: 90,
          ellipsis: true,
          // No account: the platform sent it by itself (a registration, a policy change).
          render: (account: string) =>
            account || <Typography.Text type="secondary">{t('logs.systemAccount')}</Typography.Text>,
        },
        {
          key: 'device',
          dataIndex: 'deviceName',
          title: t('logs.fields.device'),
          width: 140,
          ellipsis: true,
          render: (name: string, row) => name || (row.deviceId ? `#${row.deviceId}` : t('logs.noDevice')),
        },
        {
          key: 'command',
          dataIndex: 'command',
          title: t('logs.fields.command'),
          width: 110,
          ellipsis: true,
          render: (command: string) => labels.command(command),
        },
        {
          key: 'args',
          dataIndex: 'args',
          title: t('logs.fields.args'),
          width: 150,
          render: (args: unknown) => <KeyValues value={args} maxWidth={120} />,
        },
        {
          key: 'result',
          dataIndex: 'result',
          title: t('logs.fields.result'),
          width: 220,
          // The outcome first (success or failure), then what the device answered.
          render: (result: string, row) => (
            <Flex gap={4} align="center">
              {row.success ? (
                <Tag color="success">{t('logs.success')}</Tag>
              ) : (
                <Tag color="error">{t('logs.failure')}</Tag>
              )}
              <KeyValues value={result} maxWidth={120} />
            </Flex>
          ),
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
