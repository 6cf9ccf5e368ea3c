import { Card, Col, Descriptions, Row } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandBar, propertyItems } from '../../components/device';
import { LivePlayer } from '../../components/video/live-player';
import { type RebootableDeviceProps, type RebootableShellParts, rebootableDevicePage } from '../kit/rebootable-device';
import { cameraApi, LIST_PAGE } from './api';
import { PtzPad } from './ptz-pad';
import { SnapshotCard } from './snapshot-card';

/** Spec 001 §3: the stream, DSS and ISC fields of a camera, by group. */
const GROUPS = {
  stream: ['streamMode', 'primaryChannel', 'secondaryChannel', 'recordChannel', 'hlsAddress', 'hlsPort', 'rtmpPort'],
  dss: [
    'dssDeviceCode',
    'dssChannel',
    'multiStream',
    'recordSource',
    'recordChannelCode',
    'recordChannelId',
    'recordAddress',
  ],
  isc: ['cameraIndexCode', 'encodingDeviceCode', 'iscRecordSource'],
} as const;

/** A property's value in words: yes/no for flags, the record source's name, '—' when not set. */
function valueText(t: TFunction, key: string, v: unknown): ReactNode {
  if (v === undefined || v === null || v === '') return '—';
  if (typeof v === 'boolean') return t(v ? 'common.yes' : 'common.no');
  if (key === 'recordSource' || key === 'iscRecordSource') return t(`camera.recordSources.${String(v)}`);
  if (key === 'streamMode') return String(v).toUpperCase();
  return String(v);
}

/** /pjt/pjtdevicecamera?id= (spec 001 §2): one camera's fields, its operations, snapshots and PTZ. */
export default rebootableDevicePage({ ns: 'camera', list: LIST_PAGE, client: cameraApi }, useCameraShell);

function useCameraShell({ projectId, id, editable, device: d, commands, send }: RebootableDeviceProps) {
  const { t } = useTranslation();
  const props = d.props ?? {};
  const ptz = props.ptzSupported === true;
  const group = (name: keyof typeof GROUPS) => (
    <Card size="small" title={t(`camera.${name}`)} data-testid={`camera-${name}`}>
      <Descriptions size="small" column={1}>
        {GROUPS[name].map((key) => (
          <Descriptions.Item key={key} label={t(`families.camera.${key}`)}>
            {valueText(t, key, props[key])}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );

  return {
    properties: {
      columns: 4,
      items: [
        ...propertyItems(d, ['no', 'equipmentId'], (f) => t(`devices.fields.${f}`)),
        { key: 'code', label: t('families.camera.code'), value: valueText(t, 'code', props.code) },
        {
          key: 'serialNumber',
          label: t('families.camera.serialNumber'),
          value: valueText(t, 'serialNumber', props.serialNumber),
        },
        { key: 'ptz', label: t('camera.fields.ptzSupported'), value: t(ptz ? 'camera.yes' : 'camera.no') },
        ...propertyItems(d, ['parentName', 'modelName', 'areaName', 'lastActiveAt', 'location'], (f) =>
          t(f === 'parentName' ? 'camera.fields.parentName' : `devices.fields.${f}`),
        ),
      ],
    },
    children: (
      <>
        <Row gutter={[12, 12]}>
          <Col xs={24} xl={editable ? 16 : 24}>
            <Card size="small" title={t('camera.live.title')} data-testid="camera-live">
              <LivePlayer calls={cameraApi} projectId={projectId} id={id} controls={editable} height={400} />
            </Card>
          </Col>
          {editable && (
            <Col xs={24} xl={8}>
              <PtzPad projectId={projectId} id={id} supported={ptz} />
            </Col>
          )}
        </Row>
        <Row gutter={[12, 12]}>
          <Col xs={24} lg={8}>
            {group('stream')}
          </Col>
          <Col xs={24} lg={8}>
            {group('dss')}
          </Col>
          <Col xs={24} lg={8}>
            {group('isc')}
          </Col>
        </Row>
        {editable && (
          <Row gutter={[12, 12]}>
            <Col xs={24} xl={12}>
              <CommandBar title={t('camera.commandsTitle')} commands={commands} send={send} />
            </Col>
            <Col xs={24} xl={12}>
              <SnapshotCard projectId={projectId} id={id} />
            </Col>
          </Row>
        )}
      </>
    ),
  } satisfies RebootableShellParts;
}
