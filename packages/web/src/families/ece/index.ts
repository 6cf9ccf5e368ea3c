import { AlertOutlined, CustomerServiceOutlined, FileSearchOutlined, PlaySquareOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdeviceecelist: () => import('./ece-list-page'),
  pjtdeviceece: () => import('./alarm-log-page'),
  pjtdeviceeceagentseat: () => import('./agent-seat-page'),
};

/** Emergency call posts (spec 001 §2 "pjtdeviceecelist, pjtdeviceece, pjtdeviceeceagentseat"): the posts, the alarm log and the agent seat. */
export const ece = familyConsole(
  'ece',
  { AlertOutlined, FileSearchOutlined, CustomerServiceOutlined, PlaySquareOutlined },
  SCREENS,
);
