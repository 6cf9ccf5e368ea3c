import type { RealtimePush } from '@sc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRealtime } from '../../api/realtime';
import { useFeedback } from '../../app/feedback';
import {
  type CrudColumn,
  canModify,
  ListScreen,
  tableColumns,
  useAuthLevel,
  usePagedList,
  withProjectColumn,
} from '../../components/crud';
import { LiveBadge, patchLiveRow, RegistrationButton, useRegistration } from '../../components/device';
import { ProjectScoped } from '../../components/project-scoped';
import { useIncludeChildren } from '../../session/use-current-project';
import { type IllumSensor, illumApi, illumKeys } from './api';

export const ILLUM_PAGE = '/pjt/pjtdeviceillum';
const detailPath = (d: { id: number }) => `${ILLUM_PAGE}?id=${d.id}`;

/** A value in KLux, or the "no data" mark. */
export function Klux({ value }: { value: number | null | undefined }) {
  const { t } = useTranslation();
  if (value === null || value === undefined)
    return <Typography.Text type="secondary">{t('illum.noReading')}</Typography.Text>;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {value.toLocaleString(undefined, { maximumFractionDigits: 3 })} {t('illum.unit')}
    </span>
  );
}

/** Enabled (its lamps follow it) or disabled. */
export function EnabledTag({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('illum.enabledOn') : t('illum.enabledOff')}</Tag>;
}

/** /pjt/pjtdeviceillumlist (spec 001 §2): the illumination sensors of the current project. */
export default function PjtDeviceIllumListPage() {
  return <ProjectScoped>{(projectId) => <IllumList projectId={projectId} />}</ProjectScoped>;
}

/** Sensors with their current value (KLux, the last one reported) against their threshold; states live. */
function IllumList({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { message, confirm } = useFeedback();
  const editable = canModify(useAuthLevel());
  const illum = illumApi(projectId);
  const includeChildren = useIncludeChildren();
  const list = usePagedList<IllumSensor, { keyword: string }>({
    key: [...illumKeys.sensors(projectId), includeChildren],
    initialFilters: { keyword: '' },
    load: ({ page, pageSize, filters }) => illum.sensors(page, pageSize, filters.keyword, includeChildren),
  });
  const patch = (id: number, change: (row: IllumSensor) => IllumSensor) =>
    client.setQueryData<{ list: IllumSensor[] }>(list.queryKey, (p) =>
      p ? { ...p, list: p.list.map((r) => (r.id === id ? change(r) : r)) } : p,
    );

  useRealtime({ projects: [projectId] }, (push: RealtimePush) => {
    if (push.kind === 'state') patch(push.deviceId, (r) => patchLiveRow(r, push));
    if (push.kind === 'telemetry' && typeof push.values?.illuminance === 'number')
      patch(push.deviceId, (r) => ({ ...r, illuminance: push.values.illuminance as number, at: push.at }));
  });

  const toggle = useRegistration(illum.register, (answer) =>
    patch(answer.id, (r) => ({ ...r, registered: answer.registered })),
  );
  const inuse = useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => illum.setInuse(id, enabled),
    onSuccess: (saved, { id }) => {
      patch(id, (r) => ({ ...r, enabled: saved.enabled }));
      message.success(saved.enabled ? t('illum.inuseOn') : t('illum.inuseOff'));
    },
  });
  const setEnabled = (d: IllumSensor, enabled: boolean) =>
    enabled
      ? inuse.mutate({ id: d.id, enabled })
      : confirm({
          title: t('illum.disable'),
          content: t('illum.inuseConfirmOff', { name: d.name }),
          okText: t('common.ok'),
          cancelText: t('common.cancel'),
          onOk: () => inuse.mutateAsync({ id: d.id, enabled }).catch(() => undefined),
        });

  const declared: CrudColumn<IllumSensor>[] = [
    { field: 'name', kind: { kind: 'link', to: detailPath }, ellipsis: true },
    { field: 'no', ellipsis: true },
    {
      field: 'parentName',
      ellipsis: true,
      render: (v) => (v ? String(v) : <Typography.Text type="secondary">{t('illum.noParent')}</Typography.Text>),
    },
    { field: 'illuminance', align: 'right', width: 120, render: (v) => <Klux value={v as number | null} /> },
    { field: 'threshold', align: 'right', width: 110, render: (v) => <Klux value={v as number | null} /> },
    { field: 'enabled', width: 100, render: (v) => <EnabledTag enabled={Boolean(v)} /> },
    { field: 'activeState', kind: { kind: 'active' } },
    { field: 'registered', kind: { kind: 'registered' } },
    { field: 'at', kind: { kind: 'time' } },
  ];
  const columns = tableColumns(
    withProjectColumn(declared, includeChildren, t('areas.switcher.projectColumn')),
    (field) => t(`illum.fields.${field}`),
  );
  columns.push({
    title: t('common.actions'),
    key: 'actions',
    width: editable ? 230 : 80,
    render: (_, d) => (
      <Space size={0}>
        <Link to={detailPath(d)}>
          <Button size="small" type="link">
            {t('illum.detail')}
          </Button>
        </Link>
        {editable && (
          <Button size="small" type="link" onClick={() => setEnabled(d, !d.enabled)}>
            {d.enabled ? t('illum.disable') : t('illum.enable')}
          </Button>
        )}
        {editable && <RegistrationButton device={d} onToggle={toggle} />}
      </Space>
    ),
  });

  return (
    <Card
      title={t('menu.pjtdeviceillumlist')}
      extra={
        <Space size={16}>
          <Typography.Text type="secondary">{t('illum.realdataHint')}</Typography.Text>
          <LiveBadge />
        </Space>
      }
    >
      <ListScreen<IllumSensor, { keyword: string }>
        list={list}
        columns={columns}
        // To fit 1366 px in both languages (the sensor's page shows its last report); offered in the
        // column setting.
        hiddenByDefault={['at']}
        filters={[{ kind: 'keyword', name: 'keyword' }]}
        table={{ scroll: { x: 'max-content' } }}
      />
    </Card>
  );
}
