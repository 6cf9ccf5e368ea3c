import type { Translation } from '../translate.js';
import type { projects as zh } from '../zh-CN/projects.js';

export const projects: Translation<typeof zh> = {
  fields: {
    name: 'Project name',
    no: 'Project no',
    parentId: 'Parent project',
    parentName: 'Parent project',
    description: 'Description',
    lng: 'Longitude',
    lat: 'Latitude',
    location: 'Location',
    status: 'Status',
    createdAt: 'Created at',
  },
  root: 'Root',
  tree: 'Project tree',
  allProjects: 'All projects',
  childrenOf: 'Sub-projects of "{name}"',
  showAll: 'Show all',
  setLocation: 'Set location',
  locationTitle: 'Set the location of {name}',
  noLocation: 'Not set',
  parentPlaceholder: 'Select the parent project',
  rootHint: 'The root project cannot be deleted or moved',
  deleteConfirm: 'Delete the project "{name}"?',
  locationSaved: 'Location saved',
  picker: {
    lng: 'Longitude',
    lat: 'Latitude',
    hint: 'Click the map to pick a coordinate, or type the longitude and latitude',
    noTiles:
      "No map tiles configured: the pointer's coordinate shows at the bottom left, or type the longitude and latitude",
    clear: 'Clear',
    nearby: "Dots: the project's placed devices, {count} in view",
  },
};
