import { GroupOutlined, SunOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdeviceillumlist: () => import('./illum-list-page'),
  pjtdeviceillum: () => import('./illum-page'),
  pjtdeviceillumgroup: () => import('./illum-group-page'),
};

/** Illumination sensors (spec 001 §2): the list, one sensor's page and the illumination groups. */
export const illum = familyConsole('illum', { SunOutlined, GroupOutlined }, SCREENS);
