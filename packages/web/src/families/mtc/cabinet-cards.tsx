import { MTC_PERIPHERAL_KINDS, MTC_READINGS } from '@sc/contract/families/mtc';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Col, Descriptions, Empty, Flex, Row, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LastReportCard } from '../../components/device';
import { formatReading } from '../../components/format';
import { formatTime } from '../../components/time';
import type { Runtime } from './api';
import { PhasePanel } from './circuits';
import { phaseViews, withUnit } from './common';
import './texts';

/** Each reading's decimals (a power factor has two). */
const DECIMALS = new Map<string, number | undefined>(
  MTC_READINGS.map((r) => [r.key, 'decimals' in r ? r.decimals : undefined]),
);

/** Three phases, the totals, leakage and temperature, with the time of the report. */
export function PowerCard({ query }: { query: UseQueryResult<Runtime> }) {
  const { t } = useTranslation();
  const runtime = query.data;
  const v = runtime?.values ?? {};
  const reading = (k: string, unit: string) => withUnit(v[k] as number | null | undefined, unit, DECIMALS.get(k));
  return (
    <LastReportCard title={t('cabinets.runtime.power')} query={query} atText="cabinets.runtime.at" testId="runtime-at">
      <Row gutter={[16, 12]}>
        <Col xs={24} lg={14}>
          {runtime ? (
            <PhasePanel phases={phaseViews(runtime.phases)} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </Col>
        <Col xs={24} lg={10}>
          <Descriptions size="small" column={1} data-testid="runtime-totals">
            <Descriptions.Item label={t('cabinets.readings.activePower')}>
              {reading('activePower', 'W')}
            </Descriptions.Item>
            <Descriptions.Item label={t('cabinets.readings.powerFactor')}>
              {reading('powerFactor', '')}
            </Descriptions.Item>
            <Descriptions.Item label={t('cabinets.readings.energyTotal')}>
              {reading('energyTotal', 'kWh')}
            </Descriptions.Item>
            <Descriptions.Item label={t('cabinets.readings.leakageCurrent')}>
              {reading('leakageCurrent', 'mA')}
            </Descriptions.Item>
            <Descriptions.Item label={t('cabinets.readings.temperature')}>
              {reading('temperature', '°C')}
            </Descriptions.Item>
          </Descriptions>
        </Col>
      </Row>
    </LastReportCard>
  );
}

/** Every alarm status: active ones red with the time they began, the rest normal. */
export function AlarmCard({ runtime }: { runtime: Runtime | undefined }) {
  const { t } = useTranslation();
  const alarms = runtime?.alarms ?? [];
  return (
    <Card size="small" title={t('cabinets.runtime.alarms')}>
      {alarms.length === 0 ? (
        <Typography.Text type="secondary">—</Typography.Text>
      ) : (
        <Flex gap={6} wrap data-testid="alarm-statuses">
          {alarms.map((a) => (
            <Tag
              key={a.kind}
              color={a.active ? 'red' : 'default'}
              data-alarm={a.kind}
              data-active={a.active}
              title={a.active && a.since ? t('cabinets.runtime.since', { at: formatTime(a.since) }) : undefined}
            >
              {t(`cabinets.alarms.${a.kind}`)}
              {a.active ? ` · ${t('cabinets.alarmStatus.alarm')}` : ''}
            </Tag>
          ))}
        </Flex>
      )}
    </Card>
  );
}

/** The peripherals on the cabinet's bus and their last readings. */
export function PeripheralCard({ runtime }: { runtime: Runtime | undefined }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('cabinets.runtime.peripherals')}>
      <Table
        data-testid="peripheral-readings"
        rowKey="index"
        size="small"
        pagination={false}
        dataSource={runtime?.peripherals ?? []}
        locale={{ emptyText: t('link.peripherals.none') }}
        columns={[
          {
            title: t('link.peripherals.name'),
            dataIndex: 'name',
            // A name the cabinet reports as its kind's identifier ("door", "meter") is shown as the kind's
            // label (issue 13); a name an operator gave stays as given.
            render: (v: string, p) => {
              const kind = t(`link.peripheralKinds.${p.kind}`, {
                defaultValue: t('link.peripheralKinds.other'),
              });
              const named = v && !(MTC_PERIPHERAL_KINDS as readonly string[]).includes(v);
              return (
                <span title={kind}>
                  {p.index}. {named ? v : kind}
                </span>
              );
            },
          },
          {
            title: t('link.peripherals.value'),
            dataIndex: 'value',
            align: 'right',
            render: (v: number | null, p) => (v === null ? '—' : `${formatReading(v)} ${p.unit}`.trim()),
          },
          { title: t('link.peripherals.at'), dataIndex: 'at', width: 170, render: formatTime },
        ]}
      />
    </Card>
  );
}
