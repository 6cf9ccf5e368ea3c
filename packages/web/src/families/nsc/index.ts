import { CustomerServiceOutlined, GroupOutlined, SoundOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdevicensclist: () => import('./speakers-page'),
  pjtdevicenscgroup: () => import('./groups-page'),
  pjtnscmediagroup: () => import('./media-page'),
};

/** Network speakers (spec 001 §2): the speakers list, terminal groups, media and media groups. */
export const nsc = familyConsole('nsc', { SoundOutlined, GroupOutlined, CustomerServiceOutlined }, SCREENS);
