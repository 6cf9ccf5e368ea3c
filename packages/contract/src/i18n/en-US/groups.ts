import type { Translation } from '../translate.js';
import type { groups as zh } from '../zh-CN/groups.js';

export const groups: Translation<typeof zh> = {
  fields: {
    name: 'Group name',
    no: 'Group no',
    projectId: 'Project',
    projectName: 'Project',
    areaId: 'Area',
    areaName: 'Area',
    description: 'Description',
    lng: 'Longitude',
    lat: 'Latitude',
    location: 'Coordinate',
    activeState: 'Active state',
    deviceCount: 'Devices',
    createdAt: 'Created at',
  },
  allProjects: 'All projects',
  allAreas: 'All areas',
  noArea: 'No area',
  projectPlaceholder: 'Choose a project',
  areaPlaceholder: 'Choose an area (optional)',
  chooseProjectFirst: 'Choose a project first',
  setLocation: 'Set coordinate',
  locationTitle: 'Coordinate of group {name}',
  locationSaved: 'Coordinate saved',
  noLocation: 'Not set',
  forceActive: 'Force active',
  forceActiveTitle: 'Force group "{name}" to the normal state?',
  forceActiveWarning:
    'A forced state may not reflect the real state of the devices in the field. Check the site before you go on.',
  forceActiveNotNeeded: 'The group is active: nothing to force',
  forceActiveDone: 'Forced to the normal state',
  forcedAt: 'Forced at {time}',
  inUseHint: 'This group still has {count} devices; it cannot be deleted',
  inUseHint_one: 'This group still has {count} device; it cannot be deleted',
};
