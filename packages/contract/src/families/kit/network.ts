import type { NetworkField } from '../types.js';

/** Network fields of devices reached over IP (cameras, recorders, screens, speakers). */
export const IP_NET: NetworkField[] = ['ip', 'submask', 'gateway', 'port', 'mac', 'loginAccount', 'loginPassword'];
/** Network fields of IoT devices (NB-IoT, 4G, RS485 behind a gateway). */
export const IOT_NET: NetworkField[] = ['equipmentId', 'imei', 'imsi', 'communicateAddress', 'protocolVersion'];
