import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../components/time';
import { ledApi, PROGRAM_PAGE } from './api';
import { ProgramState } from './led-programs-page';
import { BytesSent } from './program-screens';

type Row = Awaited<ReturnType<ReturnType<typeof ledApi>['screenPrograms']>>[number];

/**
 * One screen's programs (spec 001 §2 "the programs published to it and the publish history"): each with
 * when it was published and whether the screen acknowledged it (an offline screen gets it when it comes
 * back), read again every 15 s.
 */
export function ScreenPrograms({ projectId, id }: { projectId: number; id: number }) {
  const { t } = useTranslation();
  const led = ledApi(projectId);
  const rows = useQuery({
    queryKey: led.screenPrograms.key({ id }),
    queryFn: () => led.screenPrograms({ id }),
    refetchInterval: 15_000,
  });
  const columns: TableColumnsType<Row> = [
    {
      title: t('led.programs.fields.name'),
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, r) => <Link to={`${PROGRAM_PAGE}?id=${r.programId}`}>{name}</Link>,
    },
    { title: t('led.programs.fields.no'), dataIndex: 'no', width: 120, ellipsis: true },
    {
      title: t('led.programs.fields.state'),
      dataIndex: 'state',
      width: 100,
      render: (s: string) => <ProgramState state={s} />,
    },
    {
      title: t('led.programs.publishedAt'),
      dataIndex: 'publishedAt',
      width: 170,
      render: (v: string) => formatTime(v),
    },
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
      title: t('led.screenPrograms.deliveredAt'),
      dataIndex: 'deliveredAt',
      width: 170,
      render: (v: string | null) => (v ? formatTime(v) : '—'),
    },
    {
      title: t('led.screenPrograms.bytes'),
      dataIndex: 'bytesSent',
      width: 150,
      align: 'right',
      render: (bytes: number) => <BytesSent bytes={bytes} />,
    },
  ];
  return (
    <Card
      size="small"
      title={t('led.screenPrograms.title')}
      data-testid="led-screen-programs"
      style={{ marginTop: 12 }}
    >
      <Table<Row>
        rowKey="programId"
        size="small"
        loading={rows.isLoading}
        columns={columns}
        dataSource={rows.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('led.screenPrograms.none')} />,
        }}
      />
    </Card>
  );
}
