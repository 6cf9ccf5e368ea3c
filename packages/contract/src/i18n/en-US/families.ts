import type { Translation } from '../translate.js';
import type { families as zh } from '../zh-CN/families.js';

export const families: Translation<typeof zh> = {
  options: {
    none: 'None',
    device: 'Device',
    center: 'Center',
    rtsp: 'RTSP',
    hls: 'HLS',
    rtmp: 'RTMP',
    flv: 'FLV',
    cascade: 'Cascade',
    bypass: 'Bypass',
    unknown: 'Unknown',
    tcp: 'TCP',
    udp: 'UDP',
    mqtt: 'MQTT',
  },
};
