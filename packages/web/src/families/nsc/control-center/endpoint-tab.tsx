import { PauseCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { NSC_VOLUME } from '@sc/contract/families/nsc';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, InputNumber, Select, Slider, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../app/feedback';
import { type NscGroup, type NscSpeaker, nscApi } from '../api';
import { useLiveSpeakers } from '../live-speakers';
import { SpeakerActions } from '../speakers-page';

/**
 * The control center's endpoint tab (spec 001 §2): every speaker live (state, volume, what it plays) with
 * volume and stop per speaker, and the same for every member of a terminal group at once.
 */
export function EndpointTab({ projectId, editable }: { projectId: number; editable: boolean }) {
  const { t } = useTranslation();
  const speakers = useLiveSpeakers(projectId);
  const list = speakers.data?.list ?? [];
  const online = list.filter((s) => s.activeState === 1).length;
  const playing = list.filter((s) => s.activeState === 1 && s.status === 'playing').length;

  return (
    <Flex vertical gap={16}>
      {editable && <GroupBar projectId={projectId} />}
      <Card
        size="small"
        title={
          <Space size={12}>
            <span>{t('menu.pjtdevicensclist')}</span>
            <Tag color="green" data-testid="nsc-control-online">
              {t('nsc.control.online', { online, count: speakers.data?.total ?? list.length })}
            </Tag>
            <Tag color="blue">{t('nsc.control.playingCount', { count: playing })}</Tag>
          </Space>
        }
      >
        <Table<NscSpeaker>
          rowKey="id"
          size="small"
          loading={speakers.isLoading}
          dataSource={list}
          pagination={false}
          scroll={{ y: 480 }}
          onRow={(row) => ({ 'data-testid': `nsc-control-speaker-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'name', title: t('nsc.live.columns.name'), dataIndex: 'name', ellipsis: true },
            {
              key: 'state',
              title: t('nsc.control.state'),
              width: 90,
              render: (_v, row) =>
                row.activeState === 1 ? (
                  <Tag color="green">{t('nsc.control.onlineTag')}</Tag>
                ) : (
                  <Tag>{t('nsc.control.offlineTag')}</Tag>
                ),
            },
            {
              key: 'volume',
              title: t('nsc.fields.volume'),
              width: 80,
              align: 'right',
              render: (_v, row) => <span data-testid="nsc-control-volume">{row.volume ?? ''}</span>,
            },
            {
              key: 'playing',
              title: t('nsc.fields.playing'),
              ellipsis: true,
              render: (_v, row) =>
                row.status === 'playing' ? (
                  <Space size={4}>
                    <Tag color="green">{t('nsc.statuses.playing')}</Tag>
                    <span data-testid="nsc-control-playing">{row.playing}</span>
                  </Space>
                ) : row.status ? (
                  <Tag>{t('nsc.statuses.idle')}</Tag>
                ) : (
                  <Typography.Text type="secondary">{t('nsc.notReported')}</Typography.Text>
                ),
            },
            ...(editable
              ? [
                  {
                    key: 'actions',
                    title: t('common.actions'),
                    width: 180,
                    render: (_v: unknown, row: NscSpeaker) => <SpeakerActions row={row} projectId={projectId} />,
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </Flex>
  );
}

/** Volume and stop for every member of a terminal group: each speaker's command, then one summary. */
function GroupBar({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message, confirm } = useFeedback();
  const nsc = nscApi(projectId);
  const query = { pageSize: 100 };
  const groups = useQuery({ queryKey: nsc.groups.key({ query }), queryFn: () => nsc.groups({ query }) });
  const [groupId, setGroupId] = useState<number | null>(null);
  const [volume, setVolume] = useState(50);
  const [busy, setBusy] = useState<'volume' | 'stop' | null>(null);
  const group = groups.data?.list.find((g) => g.id === groupId) ?? null;

  /** Sends a command to every member; a refusal is counted, not shown one by one. */
  const onMembers = async (kind: 'volume' | 'stop', g: NscGroup, send: (id: number) => Promise<unknown>) => {
    setBusy(kind);
    try {
      const results = await Promise.allSettled(g.speakers.map((s) => send(s.id)));
      const failed = g.speakers.filter((_, i) => results[i]?.status === 'rejected');
      const count = g.speakers.length;
      if (failed.length === 0) message.success(t('nsc.control.groupDone', { name: g.name, ok: count, count }));
      else
        message.warning(
          t('nsc.control.groupFailed', {
            name: g.name,
            count: failed.length,
            names: failed
              .slice(0, 5)
              .map((s) => s.name)
              .join(', '),
          }),
        );
    } finally {
      setBusy(null);
    }
  };
  const setGroupVolume = () =>
    group && onMembers('volume', group, (id) => nsc.volume({ id, body: { volume } }, { silent: true }));
  const stopGroup = () =>
    group &&
    confirm({
      title: t('nsc.control.confirmGroupStop', { name: group.name }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => onMembers('stop', group, (id) => nsc.stop({ id, body: {} }, { silent: true })),
    });

  return (
    <Card size="small">
      <Flex gap={16} align="center" wrap>
        <Typography.Text strong>{t('nsc.control.group')}</Typography.Text>
        <Select<number>
          aria-label={t('nsc.control.group')}
          data-testid="nsc-control-group"
          style={{ width: 260 }}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={groups.isLoading}
          placeholder={t('nsc.control.groupPlaceholder')}
          value={groupId ?? undefined}
          onChange={(v) => setGroupId(v ?? null)}
          options={(groups.data?.list ?? []).map((g) => ({
            value: g.id,
            label: `${g.name} (${t('nsc.groups.count', { count: g.speakers.length })})`,
          }))}
        />
        <Flex align="center" gap={8}>
          <SoundOutlined />
          <Slider
            ariaLabelForHandle={t('nsc.fields.volume')}
            style={{ width: 160 }}
            min={NSC_VOLUME.min}
            max={NSC_VOLUME.max}
            value={volume}
            onChange={setVolume}
            disabled={!group}
          />
          <InputNumber
            aria-label={t('nsc.fields.volume')}
            min={NSC_VOLUME.min}
            max={NSC_VOLUME.max}
            value={volume}
            onChange={(v) => setVolume(v ?? 0)}
            disabled={!group}
          />
        </Flex>
        <Button
          type="primary"
          disabled={!group?.speakers.length}
          loading={busy === 'volume'}
          onClick={setGroupVolume}
          data-testid="nsc-control-group-volume"
        >
          {t('nsc.control.groupVolume')}
        </Button>
        <Button
          icon={<PauseCircleOutlined />}
          disabled={!group?.speakers.length}
          loading={busy === 'stop'}
          onClick={stopGroup}
          data-testid="nsc-control-group-stop"
        >
          {t('nsc.control.groupStop')}
        </Button>
      </Flex>
    </Card>
  );
}
