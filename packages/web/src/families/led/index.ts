import { DesktopOutlined, EditOutlined, FileImageOutlined, OrderedListOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdeviceledlist: () => import('./led-list-page'),
  pjtdeviceled: () => import('./led-page'),
  pjtledresourcelist: () => import('./led-resources-page'),
  pjtledprogramlist: () => import('./led-programs-page'),
  pjtledprogram: () => import('./led-program-page'),
};

/** LED screens (spec 001 §2): the list, one screen, the media resources, the programs and their editor (the live view comes later). */
export const led = familyConsole(
  'led',
  { DesktopOutlined, EditOutlined, FileImageOutlined, OrderedListOutlined },
  SCREENS,
);
