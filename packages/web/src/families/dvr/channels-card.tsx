import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import type { DvrCamera, DvrChannels } from '@sc/contract/families/dvr';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/report';
import { useFeedback } from '../../app/feedback';
import { ActiveStateTag } from '../../components/device';
import { DraggableModal } from '../../components/draggable-modal';
import { dvrApi } from './api';

type Channel = DvrChannels['channels'][number];

/**
 * Spec 001 §7 "dvr: channels, bind/unbind": the recorder's channels 1 to its channel count, each with the
 * camera bound to it and that camera's state; editors bind a camera of the project to a free channel
 * and free a bound one (after a confirmation).
 */
export function ChannelsCard({ projectId, id, editable }: { projectId: number; id: number; editable: boolean }) {
  const { t } = useTranslation();
  const { confirm, message } = useFeedback();
  const client = useQueryClient();
  const api = dvrApi(projectId);
  const key = api.channels.key({ id });
  const channels = useQuery({ queryKey: key, queryFn: () => api.channels({ id }) });
  const [binding, setBinding] = useState<number | null>(null);
  const keep = (answer: DvrChannels) => {
    client.setQueryData(key, answer);
    void client.invalidateQueries({ queryKey: api.cameras.key({ id }) });
  };
  const unbind = useMutation({
    mutationFn: (channel: number) => api.unbind({ id, body: { channel } }, { silent: true }),
    onSuccess: (answer, channel) => {
      keep(answer);
      message.success(t('dvr.channels.unbound', { channel }));
    },
    onError: (error) => message.error(failureText(error)),
  });
  const askUnbind = (c: Channel) =>
    confirm({
      title: t('dvr.channels.unbind'),
      content: t('dvr.channels.confirmUnbind', { channel: c.channel, camera: c.camera?.name ?? '' }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => unbind.mutate(c.channel),
    });

  const columns: TableColumnsType<Channel> = [
    { title: t('dvr.channels.channel'), dataIndex: 'channel', width: 80, align: 'right' },
    {
      title: t('dvr.channels.camera'),
      key: 'boundCamera',
      ellipsis: true,
      render: (_, c) =>
        c.camera ? (
          <span data-testid="dvr-channel-camera">
            {c.camera.name} <Typography.Text type="secondary">{c.camera.no}</Typography.Text>
          </span>
        ) : (
          <Typography.Text type="secondary">{t('dvr.channels.free')}</Typography.Text>
        ),
    },
    {
      title: t('dvr.channels.state'),
      key: 'state',
      width: 110,
      render: (_, c) => (c.camera ? <ActiveStateTag state={c.camera.activeState} /> : null),
    },
  ];
  if (editable)
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_, c) =>
        c.camera ? (
          <Button
            size="small"
            danger
            icon={<DisconnectOutlined />}
            loading={unbind.isPending && unbind.variables === c.channel}
            onClick={() => askUnbind(c)}
          >
            {t('dvr.channels.unbind')}
          </Button>
        ) : (
          <Button size="small" icon={<LinkOutlined />} onClick={() => setBinding(c.channel)}>
            {t('dvr.channels.bind')}
          </Button>
        ),
    });

  const data = channels.data;
  const bound = data?.channels.filter((c) => c.camera).length ?? 0;
  return (
    <Card
      size="small"
      title={t('dvr.channels.title')}
      data-testid="dvr-channels"
      extra={
        data && data.channelCount > 0 ? (
          <Typography.Text type="secondary" data-testid="dvr-channels-summary">
            {t('dvr.channels.summary', { bound, count: data.channelCount })}
          </Typography.Text>
        ) : null
      }
    >
      {data && data.channels.length === 0 ? (
        <Alert type="info" showIcon title={t('dvr.channels.noChannelCount')} />
      ) : (
        <Table<Channel>
          rowKey="channel"
          size="small"
          columns={columns}
          dataSource={data?.channels ?? []}
          loading={channels.isLoading}
          pagination={(data?.channels.length ?? 0) > 16 ? { pageSize: 16, showSizeChanger: false } : false}
        />
      )}
      {binding !== null && (
        <BindDialog
          projectId={projectId}
          id={id}
          channel={binding}
          onClose={() => setBinding(null)}
          onBound={(answer, camera) => {
            keep(answer);
            setBinding(null);
            message.success(t('dvr.channels.bound', { channel: binding, camera }));
          }}
        />
      )}
    </Card>
  );
}

/** Picks a camera of the project for a channel (those on another channel of this recorder shown so, not offered). */
function BindDialog(props: {
  projectId: number;
  id: number;
  channel: number;
  onClose: () => void;
  onBound: (answer: DvrChannels, camera: string) => void;
}) {
  const { t } = useTranslation();
  const { projectId, id, channel } = props;
  const api = dvrApi(projectId);
  const cameras = useQuery({ queryKey: api.cameras.key({ id }), queryFn: () => api.cameras({ id }) });
  const [cameraId, setCameraId] = useState<number | undefined>();
  const bind = useMutation({
    mutationFn: (camera: number) => api.bind({ id, body: { channel, cameraId: camera } }, { silent: true }),
    onSuccess: (answer, camera) =>
      props.onBound(answer, cameras.data?.find((c: DvrCamera) => c.id === camera)?.name ?? ''),
  });
  const options = (cameras.data ?? []).map((c: DvrCamera) => ({
    value: c.id,
    disabled: c.channel !== null,
    label: (
      <Space size={4}>
        <span>{c.name}</span>
        <Typography.Text type="secondary">{c.no}</Typography.Text>
        {c.channel !== null && (
          <Typography.Text type="secondary">({t('dvr.channels.onChannel', { channel: c.channel })})</Typography.Text>
        )}
      </Space>
    ),
    search: `${c.name} ${c.no}`,
  }));
  return (
    <DraggableModal
      open
      title={t('dvr.channels.bindTitle', { channel })}
      okText={t('dvr.channels.bind')}
      cancelText={t('common.cancel')}
      okButtonProps={
        { disabled: cameraId === undefined, loading: bind.isPending, 'data-testid': 'dvr-bind-ok' } as never
      }
      onOk={() => cameraId !== undefined && bind.mutate(cameraId)}
      onCancel={props.onClose}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text>{t('dvr.channels.pick')}</Typography.Text>
        <Select
          aria-label={t('dvr.channels.pick')}
          data-testid="dvr-bind-camera"
          style={{ width: '100%' }}
          showSearch={{ optionFilterProp: 'search' }}
          loading={cameras.isLoading}
          placeholder={t('dvr.channels.pick')}
          options={options}
          value={cameraId}
          onChange={(v: number) => {
            setCameraId(v);
            bind.reset();
          }}
          notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dvr.channels.noCameras')} />}
        />
        {bind.error && (
          <Typography.Text type="danger" data-testid="dvr-bind-error">
            {failureText(bind.error)}
          </Typography.Text>
        )}
      </Space>
    </DraggableModal>
  );
}
