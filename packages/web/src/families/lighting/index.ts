import { BulbOutlined, GroupOutlined, PieChartOutlined, ScheduleOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdevicelightingsummary: () => import('./summary-page'),
  pjtdevicelightinglist: () => import('./lamp-list-page'),
  pjtdevicelighting: () => import('./lamp-page'),
  pjtdevicelightingpolicy: () => import('./policy-page'),
  pjtdevicelightinggroup: () => import('./group-page'),
};

/** Street lighting (spec 001 §2): overview, lamp list, one lamp, policies and LCU groups. */
export const lighting = familyConsole(
  'lighting',
  { BulbOutlined, PieChartOutlined, ScheduleOutlined, GroupOutlined },
  SCREENS,
);
