import { ControlOutlined, ScheduleOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { FamilyConsole } from '../types';

/** Centralized controllers (lighting cabinets, spec 001 §2): cabinet list, one cabinet, cabinet policies. */
export const mtc: FamilyConsole = {
  family: 'mtc',
  pages: {
    pjtdevicemtclist: lazy(() => import('./list-page')),
    pjtdevicemtc: lazy(() => import('./cabinet-page')),
    pjtdevicemtcpolicy: lazy(() => import('./policy-page')),
  },
  icons: { ControlOutlined, ScheduleOutlined },
};
