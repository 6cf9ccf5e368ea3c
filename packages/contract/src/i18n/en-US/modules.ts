import type { modules as zh } from '../zh-CN/modules.js';

export const modules: Record<keyof typeof zh, string> = {
  system: 'System management',
  base: 'Base data',
  business: 'Business data',
  map: 'Map',
  project: 'Project overview and members',
  lighting: 'Lighting',
  mtc: 'Centralized controllers',
  pgw: 'Power-line gateways',
  video: 'Video',
  env: 'Environment',
  led: 'LED screens',
  nsc: 'Public address',
  scd: 'Smart dustbins',
  wifi: 'WiFi',
  ece: 'Emergency call',
  illum: 'Illumination',
  whm: 'Watt-hour meters',
  gateway: 'Gateways',
  maintenance: 'Work orders',
};
