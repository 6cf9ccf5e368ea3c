import { useQuery } from '@tanstack/react-query';
import { Empty, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../components/device';
import { programApi } from './api';

type Row = Awaited<ReturnType<ReturnType<typeof programApi>['programScreens']>>[number];

/** The bytes of media files the server sent a screen, in words with their unit (none: said so). */
export function BytesSent({ bytes }: { bytes: number }) {
  const { t } = useTranslation();
  return bytes > 0 ? (
    <span data-testid="bytes-sent" data-bytes={bytes}>
      {t('led.programScreens.sent', { size: formatBytes(bytes) })}
    </span>
  ) : (
    <Typography.Text type="secondary" data-testid="bytes-sent" data-bytes={0}>
      {t('led.programScreens.nothing')}
    </Typography.Text>
  );
}

/**
 * The screens a program was published to: whether each acknowledged it and the bytes of its media files
 * the server sent each (a screen fetches only the files it lacks). Read every second while `live` (a
 * publishing under way), and once more when it ends.
 */
export function ProgramScreens({
  projectId,
  programId,
  live = false,
}: {
  projectId: number;
  programId: number;
  live?: boolean;
}) {
  const { t } = useTranslation();
  const api = programApi(projectId);
  const rows = useQuery({
    queryKey: api.programScreens.key({ programId }),
    queryFn: () => api.programScreens({ programId }),
    refetchInterval: live ? 1000 : false,
  });
  const { refetch } = rows;
  // The last bytes counted after the last screen answered.
  useEffect(() => {
    if (!live) void refetch();
  }, [live, refetch]);
  const columns: TableColumnsType<Row> = [
    { title: t('led.programScreens.screen'), dataIndex: 'name', ellipsis: true },
    {
      title: t('led.screenPrograms.delivery'),
      dataIndex: 'delivered',
      width: 150,
      render: (done: boolean) => (
        <Tag color={done ? 'green' : 'gold'} data-delivered={String(done)}>
          {t(done ? 'led.screenPrograms.delivered' : 'led.screenPrograms.waiting')}
        </Tag>
      ),
    },
    {
      title: t('led.programScreens.bytes'),
      dataIndex: 'bytesSent',
      width: 170,
      align: 'right',
      render: (bytes: number) => <BytesSent bytes={bytes} />,
    },
  ];
  return (
    <div data-testid="program-screens">
      <Typography.Text strong>{t('led.programScreens.title')}</Typography.Text>
      <Table<Row>
        rowKey="deviceId"
        size="small"
        style={{ marginTop: 8 }}
        loading={rows.isLoading}
        columns={columns}
        dataSource={rows.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true, size: 'small' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('led.programScreens.none')} />,
        }}
      />
    </div>
  );
}
