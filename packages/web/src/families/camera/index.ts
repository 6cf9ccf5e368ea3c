import { AppstoreOutlined, PlaySquareOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdevicecameralist: () => import('./camera-list-page'),
  pjtdevicecamera: () => import('./camera-page'),
  pjtcameralivegrid: () => import('./live-grid-page'),
};

/** Cameras (spec 001 §2): the list, one camera and the live grid (recordings come later). */
export const camera = familyConsole('camera', { VideoCameraOutlined, AppstoreOutlined, PlaySquareOutlined }, SCREENS);
