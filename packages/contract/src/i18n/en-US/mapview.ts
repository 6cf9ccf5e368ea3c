import type { Translation } from '../translate.js';
import type { mapview as zh } from '../zh-CN/mapview.js';

export const mapview: Translation<typeof zh> = {
  filters: {
    project: 'Project',
    type: 'Device type',
    activeState: 'State',
    all: 'All',
  },
  devices: '{count} devices',
  clusterHint: '{count} devices (abnormal {error}, unknown {unknown}, normal {active})',
  loading: 'Loading devices…',
  noTiles: 'No map tiles configured: device positions only',
  edit: 'Edit device',
  summaryFailed: 'Could not load the device',
  viewFailed: 'Could not load the devices in view',
  legend: {
    error: 'Any abnormal',
    active: 'All normal',
    unknown: 'Other',
  },
  showing: 'In view: {count} devices',
};
