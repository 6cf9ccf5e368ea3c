import { DatabaseOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdevicedvrlist: () => import('./dvr-list-page'),
  pjtdevicedvr: () => import('./dvr-page'),
};

/** Recorders (spec 001 §2 "pjtdevicedvrlist, pjtdevicedvr"): the list and one recorder's page. */
export const dvr = familyConsole('dvr', { DatabaseOutlined }, SCREENS);
