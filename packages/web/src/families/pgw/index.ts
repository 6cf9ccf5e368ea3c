import { NodeIndexOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdevicepgwlist: () => import('./pgw-list-page'),
  pjtdevicepgw: () => import('./pgw-page'),
};

/** Power-line gateways (spec 001 §2, menu entry without a route: /pjt/pjtdevicepgwlist and /pjt/pjtdevicepgw). */
export const pgw = familyConsole('pgw', { NodeIndexOutlined }, SCREENS);
