import { NodeIndexOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { FamilyConsole } from '../types';

/** Power-line gateways (spec 001 §2, menu entry without a route: /pjt/pjtdevicepgwlist and /pjt/pjtdevicepgw). */
export const pgw: FamilyConsole = {
  family: 'pgw',
  pages: {
    pjtdevicepgwlist: lazy(() => import('./pgw-list-page')),
    pjtdevicepgw: lazy(() => import('./pgw-page')),
  },
  icons: { NodeIndexOutlined },
};
