import { DashboardOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdevicewhmlist: () => import('./whm-list-page'),
  pjtdevicewhm: () => import('./whm-page'),
};

/** Watt-hour meters (spec 001 §2): the list and one meter's page. */
export const whm = familyConsole('whm', { DashboardOutlined }, SCREENS);
