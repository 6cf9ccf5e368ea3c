import { ControlOutlined, ScheduleOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdevicemtclist: () => import('./list-page'),
  pjtdevicemtc: () => import('./cabinet-page'),
  pjtdevicemtcpolicy: () => import('./policy-page'),
};

/** Centralized controllers (lighting cabinets, spec 001 §2): cabinet list, one cabinet, cabinet policies. */
export const mtc = familyConsole('mtc', { ControlOutlined, ScheduleOutlined }, SCREENS);
