import { LIGHTING_READINGS } from '@sc/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LastReportCard } from '../../components/device';
import { withUnit } from '../../components/format';
import { formatTime } from '../../components/time';
import type { Realdata } from './api';

const READINGS = new Map<string, { unit: string; decimals?: number }>(LIGHTING_READINGS.map((r) => [r.key, r]));

/** Every runtime field of spec 001 §3, live from telemetry pushes. */
export function RealdataCard({ realdata }: { realdata: UseQueryResult<Realdata> }) {
  const { t } = useTranslation();
  const { data } = realdata;
  const value = (key: string) => {
    const v = data?.values[key];
    if (key === 'on') return v === null || v === undefined ? '—' : t(`lighting.power.${v === 1 ? 'on' : 'off'}`);
    if (key === 'runStatus') return data?.runStatus ? t(`lighting.runStatus.${data.runStatus}`) : '—';
    const def = READINGS.get(key);
    return withUnit(v, def?.unit ?? '', def?.decimals);
  };
  return (
    <LastReportCard title={t('lamps.realdata.title')} query={realdata} atText="lamps.realdata.at">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} data-testid="lamp-realdata">
        {LIGHTING_READINGS.filter((r) => r.key !== 'energy').map((r) => (
          <Descriptions.Item key={r.key} label={t(`lighting.readings.${r.key}`)}>
            <span data-reading={r.key}>{value(r.key)}</span>
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t('lighting.readings.deviceTime')}>{data?.deviceTime ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('lamps.realdata.runMode')}>
          {data?.runMode ? t(`lighting.runModes.${data.runMode}`) : '—'}
          {data?.policyMode ? ` · ${t(`lighting.policyModes.${data.policyMode}`)}` : ''}
        </Descriptions.Item>
        {data?.unusableUntil && (
          <Descriptions.Item label={t('lamps.realdata.unusableUntil')}>
            <Tag color="red">{formatTime(data.unusableUntil)}</Tag>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('lighting.readings.raw')} span="filled">
          <Typography.Text code ellipsis={{ tooltip: data?.raw }} style={{ maxWidth: 520 }}>
            {data?.raw ?? '—'}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </LastReportCard>
  );
}
