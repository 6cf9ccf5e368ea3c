import { DashboardOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { FamilyConsole } from '../types';

/** Watt-hour meters (spec 001 §2): the list and one meter's page. */
export const whm: FamilyConsole = {
  family: 'whm',
  pages: {
    pjtdevicewhmlist: lazy(() => import('./whm-list-page')),
    pjtdevicewhm: lazy(() => import('./whm-page')),
  },
  icons: { DashboardOutlined },
};
