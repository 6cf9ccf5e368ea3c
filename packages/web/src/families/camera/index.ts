import { AppstoreOutlined, PlaySquareOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdevicecameralist: () => import('./camera-list-page'),
  pjtdevicecamera: () => import('./camera-page'),
};

/** Cameras (spec 001 §2): the list and one camera (the live grid and recordings come later). */
export const camera = familyConsole('camera', { VideoCameraOutlined, AppstoreOutlined, PlaySquareOutlined }, SCREENS);
