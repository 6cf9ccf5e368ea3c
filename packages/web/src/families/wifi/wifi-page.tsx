import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type DeviceBack,
  type DeviceDetailProps,
  type DeviceField,
  devicePage,
  FamilyDeviceShell,
  useClientDevice,
} from '../../components/device';
import { formatDuration } from '../../components/format';
import { LIST_PAGE, useWifiReadings, wifiApi } from './api';
import { WifiControl } from './wifi-control';
import { WifiLive } from './wifi-live';
import { WifiLogs } from './wifi-logs';

const BACK: DeviceBack = { to: LIST_PAGE, label: 'wifi.back', missing: 'wifi.missing' };

/** /pjt/pjtdevicewifi?id= (spec 001 §2): one AP's runtime, interfaces, control, log and connected devices. */
export default devicePage(BACK, WifiDetail);

function WifiDetail({ projectId, id, editable }: DeviceDetailProps) {
  const { t } = useTranslation();
  const wifi = wifiApi(projectId);
  const {
    device: d,
    fallback,
    latest,
  } = useClientDevice(wifi, {
    id,
    back: BACK,
    latest: wifi.latest,
    events: [wifi.logs.key({ id })],
  });
  const readings = useWifiReadings();

  if (!d) return fallback;
  const report = latest.data?.at ? { ...latest.data.values, at: latest.data.at } : undefined;
  const linkType = typeof d.props?.linkType === 'string' ? d.props.linkType : '';
  // The AP's parent is its AC: the family's word for it.
  const fieldLabel = (f: DeviceField) => t(f === 'parentName' ? 'wifi.fields.parentName' : `devices.fields.${f}`);

  return (
    <FamilyDeviceShell
      device={d}
      back={BACK}
      ns="wifi"
      editable={editable}
      fieldLabel={fieldLabel}
      properties={[
        'no',
        'equipmentId',
        { label: t('wifi.fields.ssid'), value: String(d.props?.ssid ?? '') },
        { label: t('wifi.fields.linkType'), value: linkType ? t(`wifi.linkTypes.${linkType}`) : '' },
        'parentName',
        'lastActiveAt',
        'modelName',
        'areaName',
        'location',
      ]}
      latest={{
        title: t('wifi.runtime'),
        testId: 'wifi-runtime',
        reading: report,
        readings,
        atLabel: t('wifi.fields.reportedAt'),
        footer: report && (
          <Typography.Paragraph style={{ margin: 0 }} data-testid="wifi-uptime">
            {t('wifi.readings.uptime')}: {formatDuration(latest.data?.values.uptime, t)}
          </Typography.Paragraph>
        ),
      }}
      side={<WifiControl projectId={projectId} id={id} />}
    >
      {editable && <WifiLive projectId={projectId} id={id} />}
      <WifiLogs projectId={projectId} id={id} />
    </FamilyDeviceShell>
  );
}
