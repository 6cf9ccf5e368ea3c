import { DesktopOutlined, FileImageOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdeviceledlist: () => import('./led-list-page'),
  pjtdeviceled: () => import('./led-page'),
  pjtledresourcelist: () => import('./led-resources-page'),
};

/** LED screens (spec 001 §2): the list, one screen, the media resources (programs and live view come later). */
export const led = familyConsole('led', { DesktopOutlined, FileImageOutlined }, SCREENS);
