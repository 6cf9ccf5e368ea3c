import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceField } from '../../components/device';
import { formatDuration } from '../../components/format';
import { type ClientDeviceProps, clientDevicePage, type FamilyShellParts } from '../kit/family-device-page';
import { LIST_PAGE, useWifiReadings, type WifiLatest, wifiApi } from './api';
import { WifiControl } from './wifi-control';
import { WifiLive } from './wifi-live';
import { WifiLogs } from './wifi-logs';

/** /pjt/pjtdevicewifi?id= (spec 001 §2): one AP's runtime, interfaces, control, log and connected devices. */
export default clientDevicePage(
  {
    ns: 'wifi',
    list: LIST_PAGE,
    client: wifiApi,
    latest: (wifi) => wifi.latest,
    events: (wifi, id) => [wifi.logs.key({ id })],
  },
  useWifiShell,
);

function useWifiShell({ projectId, id, editable, device: d, latest }: ClientDeviceProps<typeof wifiApi, WifiLatest>) {
  const { t } = useTranslation();
  const readings = useWifiReadings();

  const report = latest.data?.at ? { ...latest.data.values, at: latest.data.at } : undefined;
  const linkType = typeof d.props?.linkType === 'string' ? d.props.linkType : '';
  // The AP's parent is its AC: the family's word for it.
  const fieldLabel = (f: DeviceField) => t(f === 'parentName' ? 'wifi.fields.parentName' : `devices.fields.${f}`);

  return {
    fieldLabel: fieldLabel,
    properties: [
      'no',
      'equipmentId',
      { label: t('wifi.fields.ssid'), value: String(d.props?.ssid ?? '') },
      { label: t('wifi.fields.linkType'), value: linkType ? t(`wifi.linkTypes.${linkType}`) : '' },
      'parentName',
      'lastActiveAt',
      'modelName',
      'areaName',
      'location',
    ],
    latest: {
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
    },
    side: <WifiControl projectId={projectId} id={id} />,
    children: (
      <>
        {editable && <WifiLive projectId={projectId} id={id} />}
        <WifiLogs projectId={projectId} id={id} />
      </>
    ),
  } satisfies FamilyShellParts;
}
