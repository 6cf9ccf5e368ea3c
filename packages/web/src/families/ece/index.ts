import { AlertOutlined, CustomerServiceOutlined, FileSearchOutlined, PlaySquareOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdeviceecelist: () => import('./ece-list-page'),
  pjtdeviceece: () => import('./alarm-log-page'),
  pjtdeviceeceagentseat: () => import('./agent-seat-page'),
  pjtdeviceecerecord: () => import('./record-page'),
};

/** Emergency call posts (spec 001 §2 "pjtdeviceecelist, pjtdeviceece, pjtdeviceeceagentseat, pjtdeviceecerecord"): the posts, the alarm log, the agent seat and the recordings. */
export const ece = familyConsole(
  'ece',
  { AlertOutlined, FileSearchOutlined, CustomerServiceOutlined, PlaySquareOutlined },
  SCREENS,
);
