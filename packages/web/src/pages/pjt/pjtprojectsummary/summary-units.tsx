import './texts';
import {
  envmonitorManifest,
  FAMILY_MANIFESTS,
  functionByKey,
  type LayoutUnit,
  lightingManifest,
  type ProjectSummary,
  SUMMARY_WAITING,
  type SummaryUnitName,
  type SummaryWindow,
  summaryUnitName,
  wifiManifest,
} from '@sc/contract';
import { Card, Empty, Flex, Statistic, Tag, Typography } from 'antd';
import { BarChart, GaugeChart, PieChart } from 'echarts/charts';
import * as echarts from 'echarts/core';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ActiveStateTag } from '../../../components/device';
import type { EChartOption } from '../../../components/device/echart';
import { formatReading } from '../../../components/format';
import { formatTime } from '../../../components/time';

// The shared chart wrapper registers lines; the summary's units draw bars, pies and gauges too.
echarts.use([BarChart, PieChart, GaugeChart]);

// The chart component stays a chunk of its own, shared with the other screens that draw charts.
const EChart = lazy(() => import('../../../components/device/echart').then((m) => ({ default: m.EChart })));

/** The screen each unit opens (a catalogue key), and the query naming the device of a window. */
const UNIT_SCREENS: Record<SummaryUnitName, string> = {
  DEVICE_SUMMARY: 'pjtdevicelist',
  DEVICE_ONLINE: 'pjtdevicelist',
  DEVICE_EVENT: 'pjtdevicelist',
  DEVICE_MAINTENANCE: 'pjtmaintenancebilllist',
  ENV_SUMMARY: 'pjtdeviceenvmonitorlist',
  VTT_SUMMARY: 'pjtdevicecameralist',
  LIGHT_RATE: 'pjtdevicelightingsummary',
  CAMERA_WINDOW: 'pjtcameralivegrid',
  ENV_WINDOW: 'pjtdeviceenvdatahistory',
  LIGHT_WINDOW: 'pjtdevicelighting',
  LED_WINDOW: 'pjtdeviceledlist',
  WIFI_SUMMARY: 'pjtdevicewifilist',
  WIFI_WINDOW: 'pjtdevicewifi',
  POWER_CONSUMPTION: 'pjtdevicelightingsummary',
};

/** Where a unit leads: its screen when the console has it (a window: with its device). */
export function unitLink(name: SummaryUnitName, data?: ProjectSummary): string | null {
  const screen = functionByKey(UNIT_SCREENS[name]);
  if (!screen?.ready) return null;
  const device =
    name === 'ENV_WINDOW'
      ? data?.envWindow
      : name === 'LIGHT_WINDOW'
        ? data?.lightWindow
        : name === 'WIFI_WINDOW'
          ? data?.wifiWindow
          : undefined;
  if (device === null) return null;
  return device ? `${screen.path}?id=${device.device.id}` : screen.path;
}

const COLOURS = { active: '#52c41a', unknown: '#faad14', error: '#ff4d4f' };
const LAMP_COLOURS: Record<string, string> = {
  on: '#fa8c16',
  dimmed: '#ffd591',
  off: '#8c8c8c',
  fault: '#ff4d4f',
  offline: '#d9d9d9',
};
const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/** One unit on the grid: its title leads to its screen, its body is its chart or figures. */
export function SummaryUnit({ unit, data, height }: { unit: LayoutUnit; data?: ProjectSummary; height: number }) {
  const { t } = useTranslation();
  const name = summaryUnitName(unit.code);
  if (!name) return null;
  const link = unitLink(name, data);
  const title = link ? (
    <Link to={link} data-testid={`unit-link-${name}`}>
      {t(`summary.units.${name}`)}
    </Link>
  ) : (
    t(`summary.units.${name}`)
  );
  const bodyHeight = Math.max(120, height - 58);
  return (
    <Card
      size="small"
      title={title}
      data-testid={`unit-${name}`}
      style={{ height: '100%' }}
      styles={{ body: { height: bodyHeight, overflow: 'hidden' } }}
    >
      <UnitBody name={name} data={data} height={bodyHeight - 24} />
    </Card>
  );
}

function UnitBody({ name, data, height }: { name: SummaryUnitName; data?: ProjectSummary; height: number }) {
  const { t } = useTranslation();
  const waits = SUMMARY_WAITING[name];
  if (waits)
    return (
      <Flex align="center" justify="center" style={{ height }}>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={<span data-testid={`waits-${name}`}>{t(`summary.waits.${waits}`)}</span>}
        />
      </Flex>
    );
  if (!data) return null;
  switch (name) {
    case 'DEVICE_SUMMARY':
      return <DeviceSummary data={data} height={height} />;
    case 'DEVICE_ONLINE':
      return <DeviceOnline data={data} height={height} />;
    case 'DEVICE_EVENT':
      return <DeviceEvents data={data} height={height} />;
    case 'ENV_SUMMARY':
      return <EnvSummary data={data} />;
    case 'LIGHT_RATE':
      return <LightRate data={data} height={height} />;
    case 'ENV_WINDOW':
      return (
        <Window
          w={data.envWindow}
          readings={ENV_KEYS}
          labels="envmonitors.readings"
          defs={envmonitorManifest.readings}
          empty="noMonitors"
        />
      );
    case 'LIGHT_WINDOW':
      return (
        <Window
          w={data.lightWindow}
          readings={LAMP_KEYS}
          labels={`${lightingManifest.slug}.readings`}
          defs={lightingManifest.readings}
          empty="noLamps"
        />
      );
    case 'WIFI_SUMMARY':
      return <WifiSummary data={data} />;
    case 'WIFI_WINDOW':
      return (
        <Window
          w={data.wifiWindow}
          readings={WIFI_KEYS}
          labels={`${wifiManifest.slug}.readings`}
          defs={wifiManifest.readings}
          empty="noAps"
        />
      );
    case 'POWER_CONSUMPTION':
      return <Power data={data} height={height} />;
    case 'DEVICE_MAINTENANCE':
      return <Maintenance data={data} />;
    default:
      return null;
  }
}

/** A chart that opens the unit's screen when clicked. */
function ClickChart({ option, height, to }: { option: EChartOption; height: number; to?: string | null }) {
  const navigate = useNavigate();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the unit's title is the keyboard way to the same screen.
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above.
    <div onClick={() => to && navigate(to)} style={{ cursor: to ? 'pointer' : undefined }}>
      <Suspense fallback={<div style={{ height }} />}>
        <EChart option={option} style={{ height }} />
      </Suspense>
    </div>
  );
}

function Figures({ children }: { children: ReactNode }) {
  return (
    <Flex gap={24} wrap style={{ marginBottom: 8 }}>
      {children}
    </Flex>
  );
}

function DeviceSummary({ data, height }: { data: ProjectSummary; height: number }) {
  const { t } = useTranslation();
  const types = data.devices.byType;
  const option = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { bottom: 0, itemWidth: 12, itemHeight: 8 },
      grid: { left: 8, right: 16, top: 8, bottom: 28, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: types.map((x) => t(`families.types.${x.type}`)) },
      series: (['active', 'unknown', 'error'] as const).map((k) => ({
        type: 'bar',
        stack: 'state',
        name: t(`summary.dashboard.${k === 'active' ? 'normal' : k === 'unknown' ? 'doubtful' : 'abnormal'}`),
        itemStyle: { color: COLOURS[k] },
        data: types.map((x) => x[k]),
      })),
    }),
    [types, t],
  );
  return (
    <>
      <Figures>
        <Statistic title={t('summary.dashboard.devices')} value={data.devices.total} />
      </Figures>
      {types.length ? (
        <ClickChart option={option} height={Math.max(80, height - 70)} to={unitLink('DEVICE_SUMMARY')} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('summary.dashboard.noData')} />
      )}
    </>
  );
}

function DeviceOnline({ data, height }: { data: ProjectSummary; height: number }) {
  const { t } = useTranslation();
  const d = data.devices;
  const rate = percent(d.active, d.total);
  const option = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'item' },
      series: [
        {
          type: 'pie',
          radius: ['55%', '80%'],
          label: { show: true, position: 'center', formatter: () => `${rate}%`, fontSize: 22, fontWeight: 600 },
          labelLine: { show: false },
          data: [
            { name: t('summary.dashboard.normal'), value: d.active, itemStyle: { color: COLOURS.active } },
            { name: t('summary.dashboard.doubtful'), value: d.unknown, itemStyle: { color: COLOURS.unknown } },
            { name: t('summary.dashboard.abnormal'), value: d.error, itemStyle: { color: COLOURS.error } },
          ],
        },
      ],
    }),
    [d, rate, t],
  );
  return (
    <Flex align="center" gap={12} style={{ height }}>
      <div style={{ flex: 1, minWidth: 0 }}>
        <ClickChart option={option} height={height} to={unitLink('DEVICE_ONLINE')} />
      </div>
      <Flex vertical gap={6} style={{ minWidth: 120 }}>
        <Typography.Text strong data-testid="online-rate">
          {t('summary.dashboard.onlineRate')} {rate}%
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('summary.dashboard.onlineOf', { active: d.active, total: d.total })}
        </Typography.Text>
        {([1, 0, -1] as const).map((s) => (
          <Flex key={s} gap={6} align="center">
            <ActiveStateTag state={s} />
            <span>{s === 1 ? d.active : s === 0 ? d.unknown : d.error}</span>
          </Flex>
        ))}
      </Flex>
    </Flex>
  );
}

function DeviceEvents({ data, height }: { data: ProjectSummary; height: number }) {
  const { t } = useTranslation();
  const e = data.events;
  const option = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0, itemWidth: 12, itemHeight: 8 },
      grid: { left: 8, right: 8, top: 8, bottom: 28, containLabel: true },
      xAxis: { type: 'category', data: e.byDay.map((d) => d.date.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: (['occur', 'restore', 'other'] as const).map((k) => ({
        type: 'bar',
        stack: 'kind',
        name: t(`summary.dashboard.${k}`),
        itemStyle: { color: k === 'occur' ? '#ff7a45' : k === 'restore' ? '#52c41a' : '#91caff' },
        data: e.byDay.map((d) => d[k]),
      })),
    }),
    [e, t],
  );
  const chartHeight = Math.max(90, Math.round((height - 64) * 0.55));
  return (
    <>
      <Figures>
        <Statistic title={t('summary.dashboard.eventsToday')} value={e.today} />
        <Statistic
          title={t('summary.dashboard.alarmsToday')}
          value={e.todayAlarms}
          styles={{ content: { color: e.todayAlarms ? '#cf1322' : undefined } }}
        />
      </Figures>
      <ClickChart option={option} height={chartHeight} to={unitLink('DEVICE_EVENT')} />
      <Flex vertical gap={2}>
        {e.recent.length === 0 && <Typography.Text type="secondary">{t('summary.dashboard.noEvents')}</Typography.Text>}
        {e.recent.slice(0, 3).map((ev) => (
          <Typography.Text key={ev.id} ellipsis style={{ maxWidth: '100%' }}>
            <Tag color={ev.eventType === 'occur' ? 'red' : ev.eventType === 'restore' ? 'green' : 'blue'}>
              {t(
                `summary.dashboard.${ev.eventType === 'occur' || ev.eventType === 'restore' ? ev.eventType : 'other'}`,
              )}
            </Tag>
            {ev.deviceName} ·{' '}
            {t([`${slugOf(ev.type)}.eventCodes.${ev.code}`, `labels.eventCodes.${ev.code}`], { defaultValue: ev.code })}{' '}
            <Typography.Text type="secondary">{formatTime(ev.at)}</Typography.Text>
          </Typography.Text>
        ))}
      </Flex>
    </>
  );
}

/** A family's i18n namespace is its slug: the event codes' labels are there. */
const slugOf = (type: string) => FAMILY_MANIFESTS.find((m) => m.type === type)?.slug ?? type;

const ENV_KEYS = ['temperature', 'humidity', 'pm25', 'pm10', 'noise', 'co2', 'atmosphere', 'light'];
const LAMP_KEYS = ['level', 'voltage', 'current', 'activePower', 'powerFactor', 'energyTotal'];
const WIFI_KEYS = ['clients', 'upload', 'download', 'cpu', 'memory'];
const unitOf = (keys: readonly { key: string; unit: string }[], key: string) =>
  keys.find((r) => r.key === key)?.unit ?? '';
const withUnit = (v: number | null | undefined, unit: string) =>
  v === null || v === undefined ? '—' : `${formatReading(v)}${unit ? ` ${unit}` : ''}`;

function EnvSummary({ data }: { data: ProjectSummary }) {
  const { t } = useTranslation();
  const shown = ENV_KEYS.filter((k) => data.env.averages[k] !== null && data.env.averages[k] !== undefined);
  return (
    <>
      <Figures>
        <Statistic title={t('summary.dashboard.monitors')} value={data.env.monitors} />
        <Statistic title={t('summary.dashboard.reporting')} value={data.env.reporting} />
      </Figures>
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('summary.dashboard.noMonitors')} />
      ) : (
        <>
          <Typography.Text type="secondary">{t('summary.dashboard.averages')}</Typography.Text>
          <Flex wrap gap={16} style={{ marginTop: 4 }}>
            {shown.slice(0, 6).map((k) => (
              <Statistic
                key={k}
                title={t(`envmonitors.readings.${k}`)}
                value={withUnit(data.env.averages[k], unitOf(envmonitorManifest.readings, k))}
                styles={{ content: { fontSize: 18 } }}
              />
            ))}
          </Flex>
        </>
      )}
    </>
  );
}

function Window({
  w,
  readings,
  labels,
  defs,
  empty,
}: {
  w: SummaryWindow | null;
  readings: string[];
  labels: string;
  defs: readonly { key: string; unit: string }[];
  empty: 'noMonitors' | 'noLamps' | 'noAps';
}) {
  const { t } = useTranslation();
  if (!w) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`summary.dashboard.${empty}`)} />;
  const shown = readings.filter((k) => w.values[k] !== null && w.values[k] !== undefined).slice(0, 6);
  return (
    <>
      <Flex gap={8} align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong ellipsis data-testid="window-device">
          {w.device.name}
        </Typography.Text>
        <ActiveStateTag state={w.device.activeState} />
      </Flex>
      <Flex wrap gap={16}>
        {shown.map((k) => (
          <Statistic
            key={k}
            title={t(`${labels}.${k}`)}
            value={withUnit(w.values[k], unitOf(defs, k))}
            styles={{ content: { fontSize: 18 } }}
          />
        ))}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('summary.dashboard.lastReport', { at: formatTime(w.at) })}
      </Typography.Text>
    </>
  );
}

/** The WiFi devices of the tree (controllers and access points): how many, online, reporting; the APs' clients and traffic. */
function WifiSummary({ data }: { data: ProjectSummary }) {
  const { t } = useTranslation();
  const online = data.devices.byType.find((c) => c.type === wifiManifest.type)?.active ?? 0;
  const mbps = unitOf(wifiManifest.readings, 'upload');
  return (
    <>
      <Figures>
        <Statistic title={t('summary.dashboard.aps')} value={data.wifi.devices} />
        <Statistic title={t('summary.dashboard.apsOnline')} value={online} />
        <Statistic title={t('summary.dashboard.reporting')} value={data.wifi.reporting} />
      </Figures>
      {data.wifi.reporting === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('summary.dashboard.noAps')} />
      ) : (
        <Flex wrap gap={16} style={{ marginTop: 4 }} data-testid="wifi-figures">
          <Statistic
            title={t('summary.dashboard.clients')}
            value={withUnit(data.wifi.clients, '')}
            styles={{ content: { fontSize: 18 } }}
          />
          <Statistic
            title={t('summary.dashboard.upload')}
            value={withUnit(data.wifi.upload, mbps)}
            styles={{ content: { fontSize: 18 } }}
          />
          <Statistic
            title={t('summary.dashboard.download')}
            value={withUnit(data.wifi.download, mbps)}
            styles={{ content: { fontSize: 18 } }}
          />
        </Flex>
      )}
    </>
  );
}

const BILL_STATES = ['open', 'inProcess', 'finished', 'canceled'] as const;

/** The project tree's work orders by state: those waiting for approval and in process come first. */
function Maintenance({ data }: { data: ProjectSummary }) {
  const { t } = useTranslation();
  const m = data.maintenance;
  return (
    <Flex wrap gap={24} style={{ paddingTop: 8 }}>
      {BILL_STATES.map((state) => (
        <Statistic
          key={state}
          title={t(`maintenance.counts.${state}`)}
          value={m[state]}
          styles={state === 'inProcess' && m.inProcess > 0 ? { content: { color: '#fa8c16' } } : undefined}
          style={{ minWidth: 96 }}
          data-testid={`maintenance-${state}`}
        />
      ))}
    </Flex>
  );
}

function LightRate({ data, height }: { data: ProjectSummary; height: number }) {
  const { t } = useTranslation();
  const l = data.lighting;
  const rate = l.lightingRate === null ? null : Math.round(l.lightingRate * 1000) / 10;
  const option = useMemo<EChartOption>(
    () => ({
      series: [
        {
          type: 'gauge',
          min: 0,
          max: 100,
          radius: '95%',
          progress: { show: true, width: 12, itemStyle: { color: '#fa8c16' } },
          axisLine: { lineStyle: { width: 12 } },
          axisTick: { show: false },
          splitLine: { show: false },
          axisLabel: { show: false },
          pointer: { show: false },
          detail: {
            valueAnimation: false,
            fontSize: 22,
            offsetCenter: [0, '10%'],
            formatter: () => (rate === null ? '—' : `${rate}%`),
          },
          data: [{ value: rate ?? 0 }],
        },
      ],
    }),
    [rate],
  );
  const states = Object.entries(l.byState).filter(([, n]) => n > 0);
  return (
    <Flex gap={12} style={{ height }}>
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <ClickChart option={option} height={Math.max(100, height - 48)} to={unitLink('LIGHT_RATE')} />
        <Typography.Text type="secondary" style={{ textAlign: 'center', fontSize: 12 }}>
          {l.shouldBeLit === 0
            ? t('summary.dashboard.noneShouldBeLit')
            : t('summary.dashboard.litOfShould', { lit: l.litOfShould, count: l.shouldBeLit })}
        </Typography.Text>
      </Flex>
      <Flex vertical gap={4} style={{ minWidth: 110 }}>
        <Statistic title={t('summary.dashboard.lamps')} value={l.total} styles={{ content: { fontSize: 20 } }} />
        {states.map(([s, n]) => (
          <Flex key={s} gap={6} align="center">
            <span style={{ width: 10, height: 10, borderRadius: 5, background: LAMP_COLOURS[s] ?? '#ccc' }} />
            <span>{t(`lighting.states.${s}`)}</span>
            <span style={{ marginInlineStart: 'auto' }}>{n}</span>
          </Flex>
        ))}
      </Flex>
    </Flex>
  );
}

function Power({ data, height }: { data: ProjectSummary; height: number }) {
  const { t } = useTranslation();
  const p = data.power;
  const option = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${formatReading(Number(v))} kWh` },
      grid: { left: 8, right: 8, top: 12, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: p.byDay.map((d) => d.date.slice(5)) },
      yAxis: { type: 'value', axisLabel: { formatter: '{value} kWh' } },
      series: [
        {
          type: 'bar',
          name: t('summary.dashboard.energy'),
          itemStyle: { color: '#fa8c16' },
          data: p.byDay.map((d) => d.energy),
        },
      ],
    }),
    [p, t],
  );
  return (
    <>
      <Figures>
        <Statistic title={t('summary.dashboard.energyToday')} value={`${formatReading(p.today)} kWh`} />
        <Statistic title={t('summary.dashboard.energyMonth')} value={`${formatReading(p.month)} kWh`} />
      </Figures>
      <ClickChart option={option} height={Math.max(80, height - 70)} to={unitLink('POWER_CONSUMPTION')} />
    </>
  );
}
