import { ipNetwork, plannedFamily } from '../kit/planned.js';
import { bool, int, select, text } from '../kit/properties.js';

const RECORD_SOURCES = ['none', 'device', 'center'] as const;
const STREAM_MODES = ['rtsp', 'hls', 'rtmp', 'flv'] as const;

/** Cameras (spec 001 §3 "Camera"), in the video group the recorders open. */
export const cameraManifest = plannedFamily({
  type: 'camera',
  slug: 'camera',
  module: 'video',
  properties: [
    text('serialNumber', 64),
    text('code', 64),
    select('streamMode', STREAM_MODES),
    text('primaryChannel', 128),
    text('secondaryChannel', 128),
    text('recordChannel', 128),
    text('hlsAddress', 128),
    int('hlsPort', 0, 65535),
    int('rtmpPort', 0, 65535),
    bool('ptzSupported'),
    text('dssDeviceCode', 64),
    int('dssChannel', 0, 1024),
    bool('multiStream'),
    select('recordSource', RECORD_SOURCES),
    text('recordChannelCode', 64),
    text('recordChannelId', 64),
    text('recordAddress', 128),
    text('cameraIndexCode', 64),
    text('encodingDeviceCode', 64),
    select('iscRecordSource', RECORD_SOURCES),
  ],
  network: ipNetwork('rtspPort', 'minPort', 'maxPort', 'channelNo'),
  parentTypes: ['dvr'],
  menu: { group: 'pjtvideo' },
  screens: [
    ['pjtdevicecameralist', 'VideoCameraOutlined'],
    ['pjtcameralivegrid', 'AppstoreOutlined'],
    ['pjtdevicecamera', 'VideoCameraOutlined', 'pjtdevicecameralist'],
    ['pjtdevicecamerarecord', 'PlaySquareOutlined'],
  ],
  demo: { weight: 12, props: (random) => ({ streamMode: 'hls', ptzSupported: random() < 0.3 }) },
});
