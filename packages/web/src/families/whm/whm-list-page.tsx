import type { RealtimePush } from '@sc/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRealtime } from '../../api/realtime';
import {
  type CrudColumn,
  canModify,
  ListScreen,
  tableColumns,
  useAuthLevel,
  usePagedList,
} from '../../components/crud';
import { LiveBadge, patchLiveRow, RegistrationButton, useRegistration } from '../../components/device';
import { formatReading } from '../../components/format';
import { ProjectScoped } from '../../components/project-scoped';
import { DEVICE_PAGE, WHM_TYPE, type WhmFilters, type WhmMeter, type WhmPage, whmApi, whmKeys } from './api';
import { WhmProjectEnergy } from './whm-project-energy';

const detailPath = (m: { id: number }) => `${DEVICE_PAGE}?id=${m.id}`;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A realtime push on a page of meters: a reading becomes the live reading and pick time, state the tag. */
export function applyWhmPush(page: WhmPage | undefined, push: RealtimePush): WhmPage | undefined {
  if (!page || (push.kind !== 'telemetry' && push.kind !== 'state')) return page;
  if (!page.list.some((m) => m.id === push.deviceId)) return page;
  return {
    ...page,
    list: page.list.map((m) => {
      if (m.id !== push.deviceId) return m;
      if (push.kind === 'state') return patchLiveRow(m, push);
      if (push.type !== WHM_TYPE) return m;
      return { ...m, reading: num(push.values.reading), power: num(push.values.power), pickedAt: push.at };
    }),
  };
}

/**
 * /pjt/pjtdevicewhmlist (spec 001 §2-§3): the project's meters with their live reading and pick time,
 * and the project's consumption per day, month or year below them.
 */
export default function WhmListPage() {
  return <ProjectScoped>{(projectId) => <WhmList projectId={projectId} />}</ProjectScoped>;
}

function WhmList({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const editable = canModify(useAuthLevel());
  const whm = whmApi(projectId);
  const list = usePagedList<WhmMeter, WhmFilters>({
    key: whmKeys.list(projectId),
    initialFilters: { keyword: '' },
    load: ({ page, pageSize, filters }) => whm.page({ page, pageSize, keyword: filters.keyword || undefined }),
    waitForParams: true,
  });

  useRealtime({ projects: [projectId] }, (push) =>
    client.setQueryData<WhmPage>(list.queryKey, (page) => applyWhmPush(page, push)),
  );
  const toggle = useRegistration(whm.register, (answer) =>
    client.setQueryData<WhmPage>(list.queryKey, (page) =>
      page
        ? { ...page, list: page.list.map((m) => (m.id === answer.id ? { ...m, registered: answer.registered } : m)) }
        : page,
    ),
  );

  const declared: CrudColumn<WhmMeter>[] = [
    { field: 'name', kind: { kind: 'link', to: detailPath }, ellipsis: true },
    { field: 'no', ellipsis: true },
    { field: 'parentName', ellipsis: true },
    { field: 'peripheralIndex', align: 'right', width: 90 },
    { field: 'reading', align: 'right', width: 120, render: (v) => formatReading(num(v)) },
    { field: 'pickedAt', kind: { kind: 'time' }, width: 160 },
    { field: 'activeState', kind: { kind: 'active' } },
    { field: 'registered', kind: { kind: 'registered' } },
    { field: 'inUse', kind: { kind: 'flag' } },
  ];
  const columns = tableColumns(declared, (field) => t(`whm.fields.${field}`));
  columns.push({
    title: t('common.actions'),
    key: 'actions',
    width: 140,
    fixed: 'right',
    render: (_, m) => (
      <Space size={4}>
        <Link to={detailPath(m)}>
          <Button size="small" type="link">
            {t('whm.detail')}
          </Button>
        </Link>
        {editable && <RegistrationButton device={m} onToggle={toggle} />}
      </Space>
    ),
  });

  return (
    <Flex vertical gap={16}>
      <Card title={t('menu.pjtdevicewhmlist')} extra={<LiveBadge />}>
        <ListScreen<WhmMeter, WhmFilters>
          list={list}
          columns={columns}
          filters={[{ kind: 'keyword', name: 'keyword' }]}
          table={{ scroll: { x: 'max-content' } }}
        />
      </Card>
      <WhmProjectEnergy projectId={projectId} />
    </Flex>
  );
}
