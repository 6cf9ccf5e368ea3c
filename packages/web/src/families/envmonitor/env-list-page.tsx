import { AppstoreOutlined, TableOutlined } from '@ant-design/icons';
import type { RealtimePush } from '@sc/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Segmented, Space, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { memo, type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRealtime } from '../../api/realtime';
import { useResync } from '../../api/realtime-resync';
import { canModify, useAuthLevel, withRecordCells } from '../../components/crud';
import {
  ActiveStateTag,
  FamilyListCard,
  FlagTag,
  LatestValues,
  patchLiveRow,
  type ReadingPoint,
  RegisteredTag,
  RegistrationButton,
  useRegistration,
} from '../../components/device';
import { formatReading } from '../../components/format';
import { projectScreen } from '../../components/project-scoped';
import { formatTime } from '../../components/time';
import { useIncludeChildren } from '../../session/use-current-project';
import { type EnvEntry, envApi, readingOf, useReadingDefs } from './api';

const VIEWS = ['card', 'table'] as const;
type View = (typeof VIEWS)[number];
const VIEW_ICONS: Record<View, ReactNode> = { card: <AppstoreOutlined />, table: <TableOutlined /> };
const HISTORY_PAGE = '/pjt/pjtdeviceenvdatahistory';
/** A monitor's newest reading. */
const latestOf = (e: EnvEntry) => e.readings[0] as ReadingPoint | undefined;
const historyPath = (e: EnvEntry) => `${HISTORY_PAGE}?id=${e.device.id}`;

/** Applies realtime pushes to the cached list: telemetry becomes the latest reading, state the tag. */
export function applyEnvPush(entries: EnvEntry[] | undefined, push: RealtimePush): EnvEntry[] | undefined {
  if (!entries || (push.kind !== 'telemetry' && push.kind !== 'state')) return entries;
  if (!entries.some((e) => e.device.id === push.deviceId)) return entries;
  return entries.map((entry) => {
    if (entry.device.id !== push.deviceId) return entry;
    if (push.kind === 'state') return { ...entry, device: patchLiveRow(entry.device, push) };
    if (push.type !== 'envmonitor') return entry;
    return {
      device: { ...entry.device, lastActiveAt: push.at },
      readings: [readingOf(push.values, push.at)],
    };
  });
}

/** /pjt/pjtdeviceenvmonitorlist (spec 001 §2): the monitors of the current project with live readings. */
export default projectScreen(EnvList);

/** Every monitor of the project with its latest readings, updated from telemetry pushes. */
function EnvList({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const editable = canModify(useAuthLevel());
  const [view, setView] = useState<View>('card');
  const env = envApi(projectId);
  const includeChildren = useIncludeChildren();
  const key = env.family.key({ n: 1, query: { includeChildren } });
  const latest = useQuery({ queryKey: key, queryFn: () => env.latest(1, includeChildren) });

  const resync = useResync();
  useRealtime({ projects: [projectId] }, (push) => client.setQueryData<EnvEntry[]>(key, (e) => applyEnvPush(e, push)), {
    onLive: resync(key),
  });

  const toggle = useRegistration(env.setRegistered, (answer) =>
    client.setQueryData<EnvEntry[]>(key, (rows) =>
      rows?.map((r) =>
        r.device.id === answer.id ? { ...r, device: { ...r.device, registered: answer.registered } } : r,
      ),
    ),
  );
  const registerButton = useCallback(
    (entry: EnvEntry) => (editable ? <RegistrationButton device={entry.device} onToggle={toggle} /> : null),
    [editable, toggle],
  );

  const entries = latest.data ?? [];
  return (
    <FamilyListCard
      title={t('menu.pjtdeviceenvmonitorlist')}
      tools={
        <Segmented<View>
          value={view}
          onChange={setView}
          options={VIEWS.map((v) => ({ value: v, label: t(`envmonitors.views.${v}`), icon: VIEW_ICONS[v] }))}
        />
      }
      onRefresh={() => void latest.refetch()}
    >
      {latest.isLoading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : entries.length === 0 ? (
        <Empty description={t('envmonitors.empty')} />
      ) : view === 'card' ? (
        <Row gutter={[12, 12]}>
          {entries.map((entry) => (
            <Col key={entry.device.id} xs={24} md={12} xl={8} xxl={6}>
              <EnvCard entry={entry} action={registerButton} showProject={includeChildren} />
            </Col>
          ))}
        </Row>
      ) : (
        <EnvTable entries={entries} action={registerButton} showProject={includeChildren} />
      )}
    </FamilyListCard>
  );
}

/** One monitor's card; drawn again only when its entry changes (a push on another monitor leaves it). */
const EnvCard = memo(function EnvCard({
  entry,
  action,
  showProject,
}: {
  entry: EnvEntry;
  action: (entry: EnvEntry) => ReactNode;
  showProject: boolean;
}) {
  const { t } = useTranslation();
  const readings = useReadingDefs();
  return (
    <Card
      size="small"
      data-testid={`env-card-${entry.device.id}`}
      styles={{ title: { overflow: 'visible' } }}
      title={
        <Space size={8}>
          <Link to={historyPath(entry)}>{entry.device.name}</Link>
          <ActiveStateTag state={entry.device.activeState} />
          {showProject && entry.device.projectName && (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 120 }}>
              {entry.device.projectName}
            </Typography.Text>
          )}
        </Space>
      }
      extra={
        <Space size={0}>
          <RegisteredTag registered={Boolean(entry.device.registered)} />
          {action(entry)}
        </Space>
      }
    >
      <LatestValues
        reading={entry.readings[0] as ReadingPoint | undefined}
        readings={readings}
        atLabel={t('envmonitors.readings.at')}
      />
    </Card>
  );
});

function EnvTable({
  entries,
  action,
  showProject,
}: {
  entries: EnvEntry[];
  action: (entry: EnvEntry) => ReactNode;
  showProject: boolean;
}) {
  const { t } = useTranslation();
  const readings = useReadingDefs();
  const columns: ColumnsType<EnvEntry> = useMemo(
    () =>
      withRecordCells<EnvEntry>([
        {
          title: t('envmonitors.fields.name'),
          key: 'name',
          fixed: 'left',
          width: 160,
          render: (_, e) => <Link to={historyPath(e)}>{e.device.name}</Link>,
        },
        ...(showProject
          ? [
              {
                title: t('areas.switcher.projectColumn'),
                key: 'project',
                width: 110,
                ellipsis: { showTitle: true },
                render: (_: unknown, e: EnvEntry) => e.device.projectName,
              },
            ]
          : []),
        {
          title: t('envmonitors.fields.activeState'),
          key: 'state',
          width: 90,
          render: (_, e) => <ActiveStateTag state={e.device.activeState} />,
        },
        ...readings.map((r) => ({
          title: (
            <span>
              {r.label}
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.unit}
              </Typography.Text>
            </span>
          ),
          key: r.key,
          width: 96,
          align: 'right' as const,
          render: (_: unknown, e: EnvEntry) => (
            <span data-reading={r.key}>{formatReading(latestOf(e)?.[r.key] as number | null | undefined)}</span>
          ),
        })),
        { title: t('envmonitors.readings.at'), key: 'at', width: 170, render: (_, e) => formatTime(latestOf(e)?.at) },
        {
          title: t('envmonitors.fields.registered'),
          key: 'registered',
          width: 100,
          render: (_, e) => <RegisteredTag registered={Boolean(e.device.registered)} />,
        },
        {
          title: t('envmonitors.fields.public'),
          key: 'public',
          width: 90,
          render: (_, e) => <FlagTag on={Boolean(e.device.public)} />,
        },
        { title: t('common.actions'), key: 'actions', width: 100, fixed: 'right', render: (_, e) => action(e) },
      ]),
    [t, readings, showProject, action],
  );
  return (
    <Table<EnvEntry>
      rowKey={(e) => e.device.id}
      size="middle"
      columns={columns}
      dataSource={entries}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 25, hideOnSinglePage: true, showTotal: (total) => t('common.total', { total }) }}
    />
  );
}
