import { AUTH_LEVEL } from '../enums.js';
import { api } from './grants.js';
import type { ApiGrant } from './types.js';

/** Maintenance work orders (spec 001 §7 "Maintenance"), under /api/pjts/{projectId}/maintenance.do. */
export const MAINTENANCE_BASE = '/api/pjts/:projectId/maintenance.do';
const base = MAINTENANCE_BASE;

/** The pole page and the history read a device's and a group's state through the device registry. */
const DEVICE_READS: ApiGrant[] = [
  api('GET', '/api/pjts/:projectId/devices.do/pages'),
  api('GET', '/api/pjts/:projectId/devicegroups.do'),
  api('GET', `${base}/poles/:groupId`),
  api('GET', `${base}/devices/:id/pages`),
  // The editor's map of the project's located devices.
  api('GET', `${base}/devices/located`),
];

export const MAINTENANCE_BILL_APIS: ApiGrant[] = [
  api('GET', `${base}/pages`),
  api('GET', `${base}/counts`),
  api('GET', `${base}/:id`),
  api('DELETE', `${base}/:id`),
  api('PATCH', `${base}/:id`),
  api('DELETE', base),
  // Approval is the check level (spec 001 §6).
  api('PATCH', `${base}/approve`, AUTH_LEVEL.check),
  // A PDF is a read: whoever sees the bill may print it.
  api('POST', `${base}/:id/pdf`, AUTH_LEVEL.view),
  api('POST', base),
  api('POST', `${base}/:id/details`),
  api('POST', `${base}/:id/details/batch`),
  api('DELETE', `${base}/:id/details/:detailId`),
  api('DELETE', `${base}/:id/details`),
  api('PATCH', `${base}/:id/details/:detailId`),
  api('PATCH', `${base}/:id/details`),
  api('PUT', `${base}/:id/details/:detailId/photo`),
  api('GET', `${base}/:id/details/:detailId/photo`),
  api('POST', `${base}/:id/messages`),
  api('POST', `${base}/messages`),
  api('POST', `${base}/:id/details/:detailId/messages`),
  api('POST', `${base}/:id/details/messages`),
  api('GET', `${base}/pole/pages`),
  ...DEVICE_READS,
];

export const MAINTENANCE_POLE_APIS: ApiGrant[] = [api('GET', `${base}/pole/pages`), ...DEVICE_READS];
export const MAINTENANCE_HISTORY_APIS: ApiGrant[] = DEVICE_READS;
