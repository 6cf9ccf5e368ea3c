import { ClockCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type CommandAnswer,
  CommandBar,
  type DeviceBack,
  type DeviceDetailProps,
  DeviceShell,
  devicePage,
  propertyItems,
  useRegisteredDevice,
} from '../../components/device';
import { dvrApi, LIST_PAGE } from './api';
import { ChannelsCard } from './channels-card';
import { RecordsCard } from './records-card';

const BACK: DeviceBack = { to: LIST_PAGE, label: 'dvr.back', missing: 'dvr.missing' };
const COMMANDS = [{ name: 'reboot', dangerous: true }, { name: 'synctime' }] as const;
const ICONS = { reboot: <ReloadOutlined />, synctime: <ClockCircleOutlined /> };
const orDash = (v: unknown) => (v === undefined || v === null || v === '' ? '—' : String(v));

/**
 * /pjt/pjtdevicedvr?id= (spec 001 §2): one recorder's fields, its channels with the cameras bound to
 * them (bind, unbind), its record files by type and period (searched and played by viewers too), reboot, sync time and registration.
 */
export default devicePage(BACK, DvrDetail);

function DvrDetail({ projectId, id, editable }: DeviceDetailProps) {
  const { t } = useTranslation();
  const api = dvrApi(projectId);
  const {
    device: d,
    fallback,
    commands,
    registration,
  } = useRegisteredDevice(api, { id, back: BACK, editable, texts: 'dvr', commands: COMMANDS, icons: ICONS });
  if (!d) return fallback;
  const channelCount = Number(d.props?.channelCount) || 0;
  const send = (name: string): Promise<CommandAnswer> =>
    (name === 'reboot' ? api.reboot : api.synctime)({ id }, { silent: true });

  return (
    <DeviceShell
      device={d}
      back={BACK}
      testId="dvr"
      registration={registration}
      properties={{
        columns: 4,
        items: [
          ...propertyItems(d, ['no', 'equipmentId', 'modelName', 'groupName'], (f) =>
            t(f === 'modelName' || f === 'groupName' ? `dvr.fields.${f}` : `devices.fields.${f}`),
          ),
          { key: 'ip', label: t('dvr.fields.ip'), value: orDash(d.ip) },
          { key: 'mac', label: t('dvr.fields.mac'), value: orDash(d.mac) },
          { key: 'channelCount', label: t('dvr.fields.channelCount'), value: orDash(d.props?.channelCount) },
          ...propertyItems(d, ['areaName', 'lastActiveAt', 'location'], (f) => t(`devices.fields.${f}`)),
        ],
      }}
    >
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={editable ? 14 : 24}>
          <ChannelsCard projectId={projectId} id={id} editable={editable} />
        </Col>
        {editable && (
          <Col xs={24} xl={10}>
            <CommandBar title={t('dvr.commandsTitle')} commands={commands} send={send} />
          </Col>
        )}
      </Row>
      <RecordsCard projectId={projectId} id={id} channelCount={channelCount} />
    </DeviceShell>
  );
}
