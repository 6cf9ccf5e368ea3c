/** Device families: type names and the labels of their type-specific fields (spec 001 §3). */
export const families = {
  options: {
    none: '无',
    device: '设备',
    center: '中心',
    rtsp: 'RTSP',
    hls: 'HLS',
    rtmp: 'RTMP',
    flv: 'FLV',
    cascade: '级联',
    bypass: '旁路',
    unknown: '未知',
    tcp: 'TCP',
    udp: 'UDP',
    mqtt: 'MQTT',
  },
} as const;
