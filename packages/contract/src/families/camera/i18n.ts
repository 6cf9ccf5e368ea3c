import type { FamilyI18n } from '../kit/manifest.js';

/** Texts of the family: merged into the i18n resources by namespace. */
export const i18n = {
  zh_CN: {
    families: {
      types: {
        camera: '摄像机',
      },
      camera: {
        serialNumber: '序列号',
        code: '编码',
        streamMode: '取流方式',
        primaryChannel: '主码流通道',
        secondaryChannel: '辅码流通道',
        recordChannel: '录像通道',
        hlsAddress: 'HLS 地址',
        hlsPort: 'HLS 端口',
        rtmpPort: 'RTMP 端口',
        ptzSupported: '支持云台',
        dssDeviceCode: 'DSS 设备编码',
        dssChannel: 'DSS 通道',
        multiStream: '多码流',
        recordSource: '录像来源',
        recordChannelCode: '录像通道编码',
        recordChannelId: '录像通道 ID',
        recordAddress: '录像地址',
        cameraIndexCode: 'ISC 监控点编号',
        encodingDeviceCode: 'ISC 编码设备编号',
        iscRecordSource: 'ISC 录像来源',
      },
    },
    menu: {
      pjtdevicecameralist: '摄像机列表',
      pjtcameralivegrid: '实时视频',
      pjtdevicecamera: '摄像机详情',
      pjtdevicecamerarecord: '录像回放',
    },
  },
  en_US: {
    families: {
      types: {
        camera: 'Camera',
      },
      camera: {
        serialNumber: 'Serial number',
        code: 'Code',
        streamMode: 'Stream mode',
        primaryChannel: 'Primary stream',
        secondaryChannel: 'Secondary stream',
        recordChannel: 'Record channel',
        hlsAddress: 'HLS address',
        hlsPort: 'HLS port',
        rtmpPort: 'RTMP port',
        ptzSupported: 'PTZ supported',
        dssDeviceCode: 'DSS device code',
        dssChannel: 'DSS channel',
        multiStream: 'Multi-stream',
        recordSource: 'Record source',
        recordChannelCode: 'Record channel code',
        recordChannelId: 'Record channel ID',
        recordAddress: 'Record address',
        cameraIndexCode: 'ISC camera index code',
        encodingDeviceCode: 'ISC encoding device code',
        iscRecordSource: 'ISC record source',
      },
    },
    menu: {
      pjtdevicecameralist: 'Cameras',
      pjtcameralivegrid: 'Live grid',
      pjtdevicecamera: 'Camera',
      pjtdevicecamerarecord: 'Recordings',
    },
  },
} satisfies FamilyI18n;
