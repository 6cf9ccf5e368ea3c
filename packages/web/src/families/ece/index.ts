import { AlertOutlined, CustomerServiceOutlined, FileSearchOutlined, PlaySquareOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdeviceecelist: () => import('./ece-list-page'),
  pjtdeviceece: () => import('./alarm-log-page'),
};

/** Emergency call posts (spec 001 §2 "pjtdeviceecelist, pjtdeviceece"): the posts and the alarm log. */
export const ece = familyConsole(
  'ece',
  { AlertOutlined, FileSearchOutlined, CustomerServiceOutlined, PlaySquareOutlined },
  SCREENS,
);
