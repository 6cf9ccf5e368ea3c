import { PauseCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { NSC_VOLUME } from '@sc/contract/families/nsc';
import { Button, InputNumber, Popover, Slider, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { type CrudColumn, textColumns } from '../../components/crud';
import {
  ActiveStateFilter,
  type FamilyRowActions,
  familyListPage,
  pagedBy,
  type RowReport,
} from '../../components/device';
import { type NscFilters, type NscPage, type NscSpeaker, nscApi } from './api';

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** A report on a speaker: its volume, whether and what it plays, its version when it says one. */
export const speakerReport: RowReport<NscSpeaker> = (v, d, at) => {
  const status = v.status === 'playing' || v.status === 'idle' ? v.status : null;
  return {
    volume: typeof v.volume === 'number' ? v.volume : null,
    status,
    playing: status === 'playing' ? text(v.playing) : null,
    version: text(v.version) ?? d.version,
    reportedAt: at,
  };
};

/** /pjt/pjtdevicensclist (spec 001 §2): the project's speakers, live: endpoint fields, volume and what each plays. */
export default familyListPage<NscSpeaker, NscFilters, NscPage>({
  source: (projectId) => pagedBy(nscApi(projectId)),
  initialFilters: { keyword: '', activeState: '' },
  lead: (list) => <ActiveStateFilter namespace="nsc" list={list} />,
  report: speakerReport,
  // Columns the family's own texts name (the device's common ones are the device list's labels).
  texts: { namespace: 'nsc', own: new Set(['network', 'terminalId', 'modelName', 'volume', 'playing', 'reportedAt']) },
  columns: speakerColumns,
  useActions: useSpeakerActions,
  hidden: ['no', 'reportedAt', 'lastActiveAt', 'registered'],
  width: 1000,
});

/** An editor's buttons on each speaker (the project's). */
function useSpeakerActions(projectId: number): FamilyRowActions<NscSpeaker> {
  return useMemo(
    () => ({
      edit: (row) => <SpeakerActions row={row} projectId={projectId} />,
      width: { editor: 250, reader: 0 },
    }),
    [projectId],
  );
}

/** An editor's volume control of one speaker: a slider and a number, sent on "OK". */
function VolumeButton({ row, send }: { row: NscSpeaker; send: (volume: number) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [volume, setVolume] = useState<number>(row.volume ?? 50);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await send(volume);
      setOpen(false);
    } catch {
      // The client showed the server's reason (offline, silent).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setVolume(row.volume ?? 50);
      }}
      trigger="click"
      title={t('nsc.volumeTitle', { name: row.name })}
      content={
        <Space orientation="vertical" style={{ width: 220 }}>
          <Slider min={NSC_VOLUME.min} max={NSC_VOLUME.max} value={volume} onChange={setVolume} />
          <Space>
            <InputNumber
              aria-label={t('nsc.fields.volume')}
              min={NSC_VOLUME.min}
              max={NSC_VOLUME.max}
              value={volume}
              onChange={(v) => setVolume(v ?? 0)}
            />
            <Button type="primary" size="small" loading={busy} onClick={submit} data-testid="nsc-volume-send">
              {t('common.ok')}
            </Button>
          </Space>
        </Space>
      }
    >
      <Button size="small" type="link" icon={<SoundOutlined />} data-testid={`nsc-volume-${row.id}`}>
        {t('nsc.setVolume')}
      </Button>
    </Popover>
  );
}

/** An editor's buttons on a speaker: its volume, and stop while it plays (the server's reason shown on refusal). */
export function SpeakerActions({ row, projectId }: { row: NscSpeaker; projectId: number }) {
  const { t } = useTranslation();
  const { message, confirm } = useFeedback();
  const nsc = nscApi(projectId);
  const setVolume = async (volume: number) => {
    await nsc.volume({ id: row.id, body: { volume } });
    message.success(t('nsc.volumeSent', { name: row.name, volume }));
  };
  const stop = () =>
    confirm({
      title: t('nsc.confirmStop', { name: row.name }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () =>
        nsc
          .stop({ id: row.id, body: {} })
          .then(() => message.success(t('nsc.stopSent', { name: row.name })))
          .catch(() => undefined),
    });
  return (
    <>
      <VolumeButton row={row} send={setVolume} />
      <Button
        size="small"
        type="link"
        icon={<PauseCircleOutlined />}
        disabled={row.status !== 'playing'}
        onClick={stop}
      >
        {t('nsc.stop')}
      </Button>
    </>
  );
}

/** The speakers' columns (spec 001 §2 "Endpoint fields: mac, id, ip, name, type, version") and their reports. */
function speakerColumns(t: TFunction): CrudColumn<NscSpeaker>[] {
  return [
    ...textColumns<NscSpeaker>({ name: 120, no: 110, terminalId: 100 }),
    {
      field: 'network',
      dataIndex: 'ip',
      width: 150,
      render: (_v, row) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <div>{row.ip}</div>
          <Typography.Text type="secondary">{row.mac}</Typography.Text>
        </div>
      ),
    },
    {
      field: 'modelName',
      width: 100,
      render: (_v, row) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <div>{row.modelName ?? ''}</div>
          <Typography.Text type="secondary">{row.version ?? ''}</Typography.Text>
        </div>
      ),
    },
    { field: 'activeState', kind: { kind: 'active' }, width: 80 },
    {
      field: 'volume',
      align: 'right',
      width: 80,
      render: (v) => <span data-testid="nsc-volume">{typeof v === 'number' ? v : ''}</span>,
    },
    {
      field: 'playing',
      dataIndex: 'status',
      width: 150,
      render: (_v, row) =>
        row.status === 'playing' ? (
          <Space size={4} style={{ whiteSpace: 'nowrap' }}>
            <Tag color="green">{t('nsc.statuses.playing')}</Tag>
            <span data-testid="nsc-playing">{row.playing}</span>
          </Space>
        ) : row.status ? (
          <Tag>{t('nsc.statuses.idle')}</Tag>
        ) : (
          <Typography.Text type="secondary">{t('nsc.notReported')}</Typography.Text>
        ),
    },
    { field: 'reportedAt', kind: { kind: 'time' }, width: 170 },
    { field: 'registered', kind: { kind: 'registered' }, width: 110 },
    { field: 'lastActiveAt', kind: { kind: 'time' }, width: 170 },
  ];
}
