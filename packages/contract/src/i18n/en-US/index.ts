import { a11y } from './a11y.js';
import { areas } from './areas.js';
import { base } from './base.js';
import { bell } from './bell.js';
import { common } from './common.js';
import { crud } from './crud.js';
import { devices } from './devices.js';
import { devicetypes } from './devicetypes.js';
import { enums } from './enums.js';
import { errors } from './errors.js';
import { factories } from './factories.js';
import { families } from './families.js';
import { frame } from './frame.js';
import { groups } from './groups.js';
import { home } from './home.js';
import { labels } from './labels.js';
import { login } from './login.js';
import { maintenance } from './maintenance.js';
import { mapview } from './mapview.js';
import { menu } from './menu.js';
import { messages } from './messages.js';
import { models } from './models.js';
import { modules } from './modules.js';
import { notices } from './notices.js';
import { permissions } from './permissions.js';
import { projectparams } from './projectparams.js';
import { projects } from './projects.js';
import { realtime } from './realtime.js';
import { registry } from './registry.js';
import { roles } from './roles.js';
import { schedule } from './schedule.js';
import { security } from './security.js';
import { settings } from './settings.js';
import { summary } from './summary.js';
import { syssettings } from './syssettings.js';
import { users } from './users.js';
import { validation } from './validation.js';
import { widgets } from './widgets.js';

export const resources = {
  realtime,
  base,
  devicetypes,
  factories,
  models,
  notices,
  projectparams,
  areas,
  groups,
  common,
  crud,
  enums,
  mapview,
  devices,
  errors,
  families,
  frame,
  bell,
  a11y,
  home,
  schedule,
  maintenance,
  labels,
  login,
  menu,
  messages,
  modules,
  permissions,
  projects,
  registry,
  roles,
  security,
  settings,
  summary,
  syssettings,
  users,
  validation,
  widgets,
};
