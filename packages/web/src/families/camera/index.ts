import { AppstoreOutlined, PlaySquareOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdevicecameralist: () => import('./camera-list-page'),
  pjtdevicecamera: () => import('./camera-page'),
  pjtcameralivegrid: () => import('./live-grid-page'),
  pjtdevicecamerarecord: () => import('./record-page'),
};

/** Cameras (spec 001 §2): the list, one camera, the live grid and the recordings with replay. */
export const camera = familyConsole('camera', { VideoCameraOutlined, AppstoreOutlined, PlaySquareOutlined }, SCREENS);
