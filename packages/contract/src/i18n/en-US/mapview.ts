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
  devices_one: '{count} device',
  clusterHint: '{count} devices (abnormal {error}, unknown {unknown}, normal {active})',
  clusterHint_one: '{count} device (abnormal {error}, unknown {unknown}, normal {active})',
  loading: 'Loading devices…',
  noTiles: 'No map tiles configured: device positions only',
  edit: 'Edit device',
  summaryFailed: 'Could not load the device',
  viewFailed: 'Could not load the devices in view',
  legend: {
    error: 'Any abnormal',
    active: 'All normal',
    unknown: 'Other',
    pole: 'Pole (devices on it, coloured by the worst state)',
  },
  pole: {
    devices: 'Devices on the pole ({count})',
    project: 'Project',
    open: 'Open the pole page',
    failed: 'Could not load the pole',
    none: 'No devices on the pole',
  },
  showing: 'In view: {count} devices',
  showing_one: 'In view: {count} device',
};
