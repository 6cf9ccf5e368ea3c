import type { Translation } from '../translate.js';
import type { projectparams as zh } from '../zh-CN/projectparams.js';

export const projectparams: Translation<typeof zh> = {
  fields: {
    serverAddress: 'Server address',
    webPort: 'Web port',
    livePort: 'Live port',
    mapLng: 'Map centre longitude',
    mapLat: 'Map centre latitude',
    mapZoom: 'Map zoom',
    timezone: 'Project timezone',
    contactName: 'Contact person',
    contactPhone: 'Contact phone',
    remark: 'Remark',
  },
  groupServer: 'Server',
  groupMap: 'Map and timezone',
  groupContact: 'Contact',
  serverAddressRequired: 'Enter the server address',
  serverAddressRule: 'Enter a valid IPv4 address or domain',
  serverAddressHint: 'The address devices and live clients use for this project, without http://',
  portHint: '80-65534',
  notSaved: 'This project has not saved its parameters yet: these are the defaults',
  saved: 'Project parameters saved',
  save: 'Save',
  reset: 'Reset',
  updatedAt: 'Last saved {time}',
};
