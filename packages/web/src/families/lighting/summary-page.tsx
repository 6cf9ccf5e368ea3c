import { ReloadOutlined } from '@ant-design/icons';
import { LAMP_STATES, POWER_SCOPES, type RealtimePush } from '@sc/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Progress,
  Row,
  Segmented,
  Select,
  Space,
  Spin,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRealtime } from '../../api/realtime';
import { useResync } from '../../api/realtime-resync';
import { LiveBadge, ReadingsChart } from '../../components/device';
import { projectScreen } from '../../components/project-scoped';
import { OwnProjectNote, useChildrenIncluded, useReachProjects } from '../../components/project-switcher';
import { formatTime } from '../../components/time';
import { lightingApi, lightingKeys, type Overview } from './api';
import { lampPath, useLampOptions, withUnit } from './common';
import { FaultLampsDrawer } from './fault-lamps';
import { STATE_COLOURS } from './lamp-state';

/** /pjt/pjtdevicelightingsummary (spec 001 §2): the lighting overview of the project. */
export default projectScreen(Summary);

const kwh = (v: number) => withUnit(v, 'kWh');

function Summary({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const l = lightingApi(projectId);
  // The overview follows the child-projects switch (their lamps' states, lighting rate, faults and energy).
  const includeChildren = useChildrenIncluded();
  const key = [...lightingKeys.overview(projectId), includeChildren];
  const overview = useQuery({ queryKey: key, queryFn: () => l.overview(includeChildren) });
  // Lamps switching change the counts: read the overview again, at most every few seconds.
  const last = useRef(0);
  const resync = useResync();
  useRealtime(
    { projects: useReachProjects(projectId) },
    (push: RealtimePush) => {
      if (push.kind !== 'state' && push.kind !== 'event' && push.kind !== 'batch') return;
      if (Date.now() - last.current < 5000) return;
      last.current = Date.now();
      void overview.refetch();
    },
    { onLive: resync(key) },
  );
  const o = overview.data;
  return (
    <Flex vertical gap={12}>
      <Card
        title={t('menu.pjtdevicelightingsummary')}
        extra={
          <Space size={16}>
            {includeChildren && (
              <Tag color="blue" data-testid="summary-with-children">
                {t('areas.switcher.withChildren')}
              </Tag>
            )}
            <LiveBadge />
            {o && <Typography.Text type="secondary">{t('lamps.summary.at', { at: formatTime(o.at) })}</Typography.Text>}
            <Button icon={<ReloadOutlined />} onClick={() => void overview.refetch()}>
              {t('common.refresh')}
            </Button>
          </Space>
        }
      >
        {overview.isLoading ? (
          <Spin />
        ) : o ? (
          <OverviewBody o={o} projectId={projectId} includeChildren={includeChildren} />
        ) : (
          <Empty />
        )}
      </Card>
      <PowerCard projectId={projectId} />
    </Flex>
  );
}

function OverviewBody({ o, projectId, includeChildren }: { o: Overview; projectId: number; includeChildren: boolean }) {
  const { t } = useTranslation();
  // The lamps behind the faults card: of the code chosen there, or every open fault (`code` undefined).
  const [faults, setFaults] = useState<{ code?: string } | null>(null);
  const faultLabel = (c: string) => t([`lighting.eventCodes.${c}`, `labels.eventCodes.${c}`], { defaultValue: c });
  const rate = o.lightingRate === null ? null : Math.round(o.lightingRate * 1000) / 10;
  const byDay = useMemo(() => o.byDay.map((d) => ({ at: d.date, energy: d.energy })), [o.byDay]);
  const byMonth = useMemo(() => o.byMonth.map((d) => ({ at: `${d.month}-01`, energy: d.energy })), [o.byMonth]);
  const [period, setPeriod] = useState<'day' | 'month'>('day');
  const energyDef = useMemo(() => [{ key: 'energy', unit: 'kWh', label: t('lamps.summary.energy') }], [t]);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Card size="small" title={t('lamps.summary.byState', { total: o.total })} data-testid="summary-states">
          <Flex vertical gap={6}>
            {LAMP_STATES.map((s) => {
              const n = (o.byState as Record<string, number>)[s] ?? 0;
              return (
                <Flex key={s} align="center" gap={8} data-state={s}>
                  <span style={{ width: 64 }}>{t(`lighting.states.${s}`)}</span>
                  <Progress
                    aria-label={t(`lighting.states.${s}`)}
                    percent={o.total ? (100 * n) / o.total : 0}
                    showInfo={false}
                    strokeColor={STATE_COLOURS[s]}
                    style={{ flex: 1, margin: 0 }}
                  />
                  <span style={{ width: 56, textAlign: 'right' }} data-testid={`summary-state-${s}`}>
                    {n}
                  </span>
                </Flex>
              );
            })}
          </Flex>
        </Card>
      </Col>
      <Col xs={24} sm={12} lg={8}>
        <Card size="small" title={t('lamps.summary.lightingRate')} data-testid="summary-rate">
          <Flex align="center" gap={16}>
            <Progress
              aria-label={t('lamps.summary.lightingRate')}
              type="dashboard"
              percent={rate ?? 0}
              format={() => (rate === null ? '—' : `${rate}%`)}
              size={120}
            />
            <Typography.Text type="secondary">
              {o.shouldBeLit === 0
                ? t('lamps.summary.noneShouldBeLit')
                : t('lamps.summary.litOfShould', { lit: o.litOfShould, count: o.shouldBeLit })}
            </Typography.Text>
          </Flex>
        </Card>
      </Col>
      <Col xs={24} sm={12} lg={8}>
        <Card size="small" title={t('lamps.summary.energyTitle')}>
          <Row gutter={[8, 8]}>
            <Col span={12}>
              <Statistic title={t('lamps.summary.energyToday')} value={kwh(o.energyToday)} />
            </Col>
            <Col span={12}>
              <Statistic title={t('lamps.summary.energyMonth')} value={kwh(o.energyMonth)} />
            </Col>
            <Col span={12}>
              <Statistic
                title={t('lamps.summary.savedToday')}
                value={kwh(o.savedToday)}
                styles={{ content: { color: '#389e0d' } }}
              />
            </Col>
            <Col span={12}>
              <Statistic
                title={t('lamps.summary.savedMonth')}
                value={kwh(o.savedMonth)}
                styles={{ content: { color: '#389e0d' } }}
              />
            </Col>
          </Row>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('lamps.summary.savedHint')}
          </Typography.Text>
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card
          size="small"
          title={t('lamps.summary.faults')}
          extra={
            <Typography.Link onClick={() => setFaults({})} data-testid="summary-open-faults">
              {t('lamps.faults.openAll')}
            </Typography.Link>
          }
        >
          <Table
            size="small"
            rowKey="code"
            pagination={false}
            dataSource={o.faultsByCode}
            data-testid="summary-faults"
            // In the secondary grey (antd's placeholder grey for a text reads 1.8:1).
            locale={{ emptyText: <Typography.Text type="secondary">{t('lamps.summary.noFaults')}</Typography.Text> }}
            columns={[
              {
                title: t('lamps.events.code'),
                dataIndex: 'code',
                // The code's label only (issue 13: "灯具故障 (19)" showed the device's code beside it).
                // The family's code, else the platform's (offline, online). It opens the lamps behind it.
                render: (c: string) => (
                  <Typography.Link onClick={() => setFaults({ code: c })} title={t('lamps.faults.showLamps')}>
                    {faultLabel(c)}
                  </Typography.Link>
                ),
              },
              { title: t('lamps.summary.count'), dataIndex: 'count', align: 'right', width: 80 },
            ]}
          />
          {faults && (
            <FaultLampsDrawer
              projectId={projectId}
              code={faults.code}
              includeChildren={includeChildren}
              onClose={() => setFaults(null)}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card
          size="small"
          title={t('lamps.summary.energyChart')}
          extra={
            <Segmented
              value={period}
              onChange={(v) => setPeriod(v as 'day' | 'month')}
              options={[
                { value: 'day', label: t('lamps.summary.byDay') },
                { value: 'month', label: t('lamps.summary.byMonth') },
              ]}
            />
          }
        >
          <ReadingsChart points={period === 'day' ? byDay : byMonth} readings={energyDef} height={260} />
        </Card>
      </Col>
    </Row>
  );
}

/** Power consumption of a scope (project, area, group, LCU group, lamp): the sum, by day, and each lamp's last reading. */
function PowerCard({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const l = lightingApi(projectId);
  const options = useLampOptions(projectId);
  const [scope, setScope] = useState<(typeof POWER_SCOPES)[number]>('project');
  const [id, setId] = useState<number | undefined>(undefined);
  const query = { scope, id: scope === 'project' ? undefined : id };
  const ready = scope === 'project' || id !== undefined;
  const summary = useQuery({
    queryKey: [...lightingKeys.all(projectId), 'power', 'summary', query],
    queryFn: () => l.powerSummary(query),
    enabled: ready,
  });
  const last = useQuery({
    queryKey: [...lightingKeys.all(projectId), 'power', 'last', query],
    queryFn: () => l.powerLast(query),
    enabled: ready,
  });
  const choices =
    scope === 'area'
      ? options.areas
      : scope === 'group'
        ? options.groups
        : scope === 'lcugroup'
          ? options.lcuGroups
          : scope === 'lamp'
            ? options.lamps
            : [];
  const energyDef = useMemo(() => [{ key: 'energy', unit: 'kWh', label: t('lamps.summary.energy') }], [t]);
  const points = useMemo(
    () => (summary.data?.byDay ?? []).map((d) => ({ at: d.date, energy: d.energy })),
    [summary.data],
  );
  return (
    <Card
      size="small"
      title={t('lamps.summary.powerTitle')}
      extra={
        <Space>
          <Select
            style={{ width: 130 }}
            value={scope}
            onChange={(s) => {
              setScope(s);
              setId(undefined);
            }}
            options={POWER_SCOPES.map((s) => ({ value: s, label: t(`lamps.summary.scopes.${s}`) }))}
            aria-label={t('lamps.summary.scope')}
          />
          {scope !== 'project' && (
            <Select
              style={{ width: 220 }}
              value={id}
              onChange={setId}
              options={choices}
              placeholder={t(`lamps.summary.scopes.${scope}`)}
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={t(`lamps.summary.scopes.${scope}`)}
            />
          )}
        </Space>
      }
    >
      <OwnProjectNote what="power" style={{ marginBottom: 12 }} />
      {!ready ? (
        <Empty description={t('lamps.summary.chooseScope')} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Space size={32} style={{ marginBottom: 8 }}>
              <Statistic title={t('lamps.summary.lamps')} value={summary.data?.lamps ?? 0} />
              <Statistic title={t('lamps.summary.energyPeriod')} value={kwh(summary.data?.energy ?? 0)} />
            </Space>
            <ReadingsChart
              points={summary.data ? points : undefined}
              readings={energyDef}
              height={240}
              loading={summary.isFetching}
            />
          </Col>
          <Col xs={24} lg={12}>
            <Table
              size="small"
              rowKey="id"
              loading={last.isLoading}
              dataSource={last.data ?? []}
              pagination={{ pageSize: 8, hideOnSinglePage: true }}
              columns={[
                {
                  title: t('lamps.fields.name'),
                  dataIndex: 'name',
                  // The name gives way (cut, whole in its tooltip): the readings' headers stay on one line.
                  ellipsis: { showTitle: true },
                  render: (v: string, r) => <Link to={lampPath(r)}>{v}</Link>,
                },
                {
                  title: t('lamps.fields.activePower'),
                  onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                  dataIndex: 'activePower',
                  align: 'right',
                  render: (v) => withUnit(v, 'W'),
                },
                {
                  title: t('lamps.fields.energyToday'),
                  onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                  dataIndex: 'energyToday',
                  align: 'right',
                  render: (v) => withUnit(v, 'kWh'),
                },
                {
                  title: t('lighting.readings.energyTotal'),
                  onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                  dataIndex: 'energyTotal',
                  align: 'right',
                  render: (v) => withUnit(v, 'kWh'),
                },
                { title: t('lamps.fields.at'), dataIndex: 'at', width: 170, render: formatTime },
              ]}
            />
          </Col>
        </Row>
      )}
    </Card>
  );
}
