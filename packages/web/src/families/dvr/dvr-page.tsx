import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommandBar, propertyItems } from '../../components/device';
import { type RebootableDeviceProps, type RebootableShellParts, rebootableDevicePage } from '../kit/rebootable-device';
import { dvrApi, LIST_PAGE } from './api';
import { ChannelsCard } from './channels-card';
import { RecordsCard } from './records-card';

const orDash = (v: unknown) => (v === undefined || v === null || v === '' ? '—' : String(v));

/**
 * /pjt/pjtdevicedvr?id= (spec 001 §2): one recorder's fields, its channels with the cameras bound to
 * them (bind, unbind), its record files by type and period (searched and played by viewers too), reboot, sync time and registration.
 */
export default rebootableDevicePage({ ns: 'dvr', list: LIST_PAGE, client: dvrApi }, useDvrShell);

function useDvrShell({ projectId, id, editable, device: d, commands, send }: RebootableDeviceProps) {
  const { t } = useTranslation();
  const channelCount = Number(d.props?.channelCount) || 0;

  return {
    properties: {
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
    },
    children: (
      <>
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
      </>
    ),
  } satisfies RebootableShellParts;
}
