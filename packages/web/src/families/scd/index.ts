import { DeleteOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdevicescdlist: () => import('./scd-list-page'),
  pjtdevicescd: () => import('./scd-page'),
};

/** Smart dustbins (spec 001 §2 "pjtdevicescdlist, pjtdevicescd"): the list and one bin's page. */
export const scd = familyConsole('scd', { DeleteOutlined }, SCREENS);
