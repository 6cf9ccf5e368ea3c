import type { RealtimePush } from '@sc/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { canModify, useAuthLevel } from '../../components/crud';
import {
  type DeviceBack,
  DevicePage,
  DeviceShell,
  LatestValues,
  locationText,
  useLiveDevice,
} from '../../components/device';
import { formatDuration } from '../../components/format';
import { formatTime } from '../../components/time';
import { apKey, LIST_PAGE, useWifiReadings, WIFI_TYPE, wifiApi } from './api';
import { WifiControl } from './wifi-control';
import { WifiLive } from './wifi-live';
import { WifiLogs } from './wifi-logs';

const BACK: DeviceBack = { to: LIST_PAGE, label: 'wifi.back', missing: 'wifi.missing' };

/** /pjt/pjtdevicewifi?id= (spec 001 §2): one AP's runtime, interfaces, control, log and connected devices. */
export default function WifiPage() {
  return <DevicePage back={BACK}>{(projectId, id) => <WifiDetail projectId={projectId} id={id} />}</DevicePage>;
}

function WifiDetail({ projectId, id }: { projectId: number; id: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const wifi = wifiApi(projectId);
  const editable = canModify(useAuthLevel());
  const { ok, device, fallback } = useLiveDevice({
    id,
    queryKey: apKey(projectId, id),
    queryFn: () => wifi.one(id),
    back: BACK,
    onPush: (push: RealtimePush) => {
      if (!('deviceId' in push) || push.deviceId !== id) return;
      if (push.kind === 'telemetry' && push.type === WIFI_TYPE)
        void client.invalidateQueries({ queryKey: wifi.latest.key({ id }) });
      if (push.kind === 'event') void client.invalidateQueries({ queryKey: wifi.logs.key({ id }) });
    },
  });
  const latest = useQuery({ queryKey: wifi.latest.key({ id }), queryFn: () => wifi.latest({ id }), enabled: ok });
  const readings = useWifiReadings();

  if (!device) return fallback;
  const d = device;
  const report = latest.data?.at ? { ...latest.data.values, at: latest.data.at } : undefined;
  const linkType = typeof d.props?.linkType === 'string' ? d.props.linkType : '';

  return (
    <DeviceShell
      device={d}
      back={BACK}
      testId="wifi"
      properties={{
        title: t('wifi.properties'),
        items: [
          { label: t('devices.fields.no'), value: d.no },
          { label: t('devices.fields.equipmentId'), value: d.equipmentId ?? '' },
          { label: t('wifi.fields.ssid'), value: String(d.props?.ssid ?? '') },
          { label: t('wifi.fields.linkType'), value: linkType ? t(`wifi.linkTypes.${linkType}`) : '' },
          { label: t('wifi.fields.parentName'), value: d.parentName ?? '' },
          { label: t('devices.fields.lastActiveAt'), value: formatTime(d.lastActiveAt) },
          { label: t('devices.fields.modelName'), value: d.modelName ?? '' },
          { label: t('devices.fields.areaName'), value: d.areaName ?? '' },
          { label: t('devices.fields.location'), value: locationText(d) },
        ],
      }}
    >
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={editable ? 14 : 24}>
          <Card title={t('wifi.runtime')} size="small" data-testid="wifi-runtime">
            <LatestValues reading={report} readings={readings} atLabel={t('wifi.fields.reportedAt')} />
            {report && (
              <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }} data-testid="wifi-uptime">
                {t('wifi.readings.uptime')}: {formatDuration(latest.data?.values.uptime, t)}
              </Typography.Paragraph>
            )}
          </Card>
        </Col>
        {editable && (
          <Col xs={24} xl={10}>
            <WifiControl projectId={projectId} id={id} />
          </Col>
        )}
      </Row>
      {editable && <WifiLive projectId={projectId} id={id} />}
      <WifiLogs projectId={projectId} id={id} />
    </DeviceShell>
  );
}
