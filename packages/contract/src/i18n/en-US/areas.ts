import type { Translation } from '../translate.js';
import type { areas as zh } from '../zh-CN/areas.js';

export const areas: Translation<typeof zh> = {
  fields: {
    name: 'Area name',
    no: 'Area no',
    projectId: 'Project',
    projectName: 'Project',
    description: 'Description',
    lng: 'Longitude',
    lat: 'Latitude',
    location: 'Location',
    groupCount: 'Groups',
    deviceCount: 'Devices',
    createdAt: 'Created at',
  },
  allProjects: 'All projects',
  projectPlaceholder: 'Choose a project',
  setLocation: 'Set location',
  locationTitle: 'Location of area {name}',
  locationSaved: 'Location saved',
  noLocation: 'Not set',
  inUseHint: 'This area is still in use (groups: {groups}, devices: {devices}); it cannot be deleted',
  switcher: {
    label: 'Current project',
    placeholder: 'Choose a project',
    own: 'My project',
    includeChildren: 'Include child projects',
    projectColumn: 'Project',
    withChildren: 'With child projects',
    ownOnly: {
      groups:
        "Lamp groups are made per project: these are {project}'s own, and a new group belongs to it too. To see a child project's groups, choose that project above.",
      policies:
        "Policies are made per project: these are {project}'s own, and a new policy belongs to it too. To see a child project's policies, choose that project above.",
      power: "Power consumption counts {project}'s own lamps only; the overview above includes the child projects.",
    },
  },
};
