import type { Translation } from '../translate.js';
import type { projectparams as zh } from '../zh-CN/projectparams.js';

export const projectparams: Translation<typeof zh> = {
  serverAddressRequired: 'Enter the server address',
  serverAddressRule: 'Enter a valid IPv4 address or domain',
};
