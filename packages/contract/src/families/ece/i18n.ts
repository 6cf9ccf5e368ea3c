import type { FamilyI18n } from '../kit/manifest.js';

/** Texts of the family: merged into the i18n resources by namespace. */
export const i18n = {
  zh_CN: {
    families: {
      types: {
        emergencycallequipment: '紧急呼叫设备',
      },
      emergencycallequipment: {
        deviceSerial: '设备序列号',
        eceCode: '呼叫设备编码',
        cameraIndexCode: '监控点编号',
        eceCameraIndexCode: '呼叫摄像机编号',
        linkedCameraId: '联动摄像机',
      },
    },
    menu: {
      pjtece: '紧急呼叫',
      pjtdeviceecelist: '紧急呼叫设备',
      pjtdeviceece: '报警记录',
      pjtdeviceeceagentseat: '坐席',
      pjtdeviceecerecord: '报警录像',
    },
  },
  en_US: {
    families: {
      types: {
        emergencycallequipment: 'Emergency call post',
      },
      emergencycallequipment: {
        deviceSerial: 'Device serial',
        eceCode: 'ECE code',
        cameraIndexCode: 'Camera index code',
        eceCameraIndexCode: 'ECE camera index code',
        linkedCameraId: 'Linked camera',
      },
    },
    menu: {
      pjtece: 'Emergency call',
      pjtdeviceecelist: 'Emergency call posts',
      pjtdeviceece: 'Alarm log',
      pjtdeviceeceagentseat: 'Agent seat',
      pjtdeviceecerecord: 'Alarm recordings',
    },
  },
} satisfies FamilyI18n;
