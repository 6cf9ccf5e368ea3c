import { BulbOutlined, GroupOutlined, PieChartOutlined, ScheduleOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { FamilyConsole } from '../types';

/** Street lighting (spec 001 §2): overview, lamp list, one lamp, policies and LCU groups. */
export const lighting: FamilyConsole = {
  family: 'lighting',
  pages: {
    pjtdevicelightingsummary: lazy(() => import('./summary-page')),
    pjtdevicelightinglist: lazy(() => import('./lamp-list-page')),
    pjtdevicelighting: lazy(() => import('./lamp-page')),
    pjtdevicelightingpolicy: lazy(() => import('./policy-page')),
    pjtdevicelightinggroup: lazy(() => import('./group-page')),
  },
  icons: { BulbOutlined, PieChartOutlined, ScheduleOutlined, GroupOutlined },
};
