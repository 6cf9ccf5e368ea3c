import { ReloadOutlined, StopOutlined } from '@ant-design/icons';
import type { WifiClient, WifiInterface } from '@sc/contract/families/wifi';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Row, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/report';
import { formatBytes } from '../../components/device';
import { formatDuration } from '../../components/format';
import { realdataKey, useRealdata } from './live-query';
import { useControl } from './use-control';

/** A byte counter in B, KB, MB or GB. */
const traffic = (bytes: number) =>
  bytes < 1024 ** 3 ? formatBytes(bytes) : `${(bytes / 1024 ** 3).toFixed(1).replace(/\.0$/, '')} GB`;

/** The AP's interfaces, connected devices and blacklist, as it answered realdata (spec 001 §2). */
export function WifiLive({ projectId, id }: { projectId: number; id: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const live = useRealdata(projectId, id);
  const control = useControl(projectId, id);
  const band = (b: string | null) => (b ? t(`wifi.bands.${b}`) : '');

  const interfaceColumns: TableColumnsType<WifiInterface> = [
    { title: t('wifi.interface.name'), dataIndex: 'name', width: 90 },
    {
      title: t('wifi.interface.kind'),
      dataIndex: 'kind',
      width: 80,
      render: (k: string) => t(`wifi.interface.kind_${k}`),
    },
    { title: t('wifi.interface.band'), dataIndex: 'band', width: 90, render: band },
    {
      title: t('wifi.interface.state'),
      dataIndex: 'up',
      width: 90,
      render: (up: boolean, row) => (
        <Tag color={up ? 'green' : 'default'} data-radio={row.band ?? 'ethernet'} data-up={String(up)}>
          {t(up ? 'wifi.interface.up' : 'wifi.interface.down')}
        </Tag>
      ),
    },
    { title: t('wifi.interface.speed'), dataIndex: 'speed', width: 100, align: 'right' },
    { title: t('wifi.interface.channel'), dataIndex: 'channel', width: 70, align: 'right' },
    {
      title: t('wifi.interface.traffic'),
      key: 'traffic',
      render: (_, row) => `${traffic(row.rxBytes)} / ${traffic(row.txBytes)}`,
    },
  ];
  const clientColumns: TableColumnsType<WifiClient> = [
    { title: t('wifi.client.mac'), dataIndex: 'mac', width: 170 },
    { title: t('wifi.client.band'), dataIndex: 'band', width: 90, render: band },
    { title: t('wifi.client.signal'), dataIndex: 'signal', width: 100, align: 'right' },
    { title: t('wifi.client.rate'), dataIndex: 'rate', width: 100, align: 'right' },
    {
      title: t('wifi.client.onlineSeconds'),
      dataIndex: 'onlineSeconds',
      width: 130,
      render: (s: number) => formatDuration(s, t),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 140,
      render: (_, row) => (
        <Button
          size="small"
          danger
          icon={<StopOutlined />}
          loading={control.isPending}
          onClick={() => control.mutate({ action: 'blacklistAdd', mac: row.mac })}
        >
          {t('wifi.actions.blacklistAdd')}
        </Button>
      ),
    },
  ];

  const refresh = (
    <Button
      size="small"
      icon={<ReloadOutlined />}
      loading={live.isFetching}
      onClick={() => void client.invalidateQueries({ queryKey: realdataKey(projectId, id) })}
      data-testid="wifi-refresh"
    >
      {t('wifi.refresh')}
    </Button>
  );
  if (live.isError)
    return (
      <Card title={t('wifi.clientsTitle')} size="small" extra={refresh} data-testid="wifi-clients-card">
        <Alert type="warning" showIcon title={t('wifi.deviceUnreachable', { message: failureText(live.error) })} />
      </Card>
    );
  const data = live.data;
  return (
    <>
      <Card title={t('wifi.clientsTitle')} size="small" extra={refresh} data-testid="wifi-clients-card">
        <Table<WifiClient>
          rowKey="mac"
          size="small"
          columns={clientColumns}
          dataSource={data?.clients ?? []}
          loading={live.isLoading}
          pagination={false}
          scroll={{ y: 320 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wifi.noClients')} /> }}
        />
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={16}>
          <Card title={t('wifi.interfaces')} size="small" data-testid="wifi-interfaces">
            <Table<WifiInterface>
              rowKey="name"
              size="small"
              columns={interfaceColumns}
              dataSource={data?.interfaces ?? []}
              loading={live.isLoading}
              pagination={false}
            />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('wifi.blacklistTitle')} size="small" data-testid="wifi-blacklist">
            {data?.blacklist.length ? (
              <Flex vertical gap={8}>
                {data.blacklist.map((mac) => (
                  <Flex key={mac} justify="space-between" align="center" data-mac={mac}>
                    <span>{mac}</span>
                    <Button size="small" onClick={() => control.mutate({ action: 'blacklistRemove', mac })}>
                      {t('wifi.actions.blacklistRemove')}
                    </Button>
                  </Flex>
                ))}
              </Flex>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wifi.noBlacklist')} />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
