import {
  DesktopOutlined,
  EditOutlined,
  FileImageOutlined,
  OrderedListOutlined,
  PlayCircleOutlined,
} from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdeviceledlist: () => import('./led-list-page'),
  pjtdeviceled: () => import('./led-page'),
  pjtledresourcelist: () => import('./led-resources-page'),
  pjtledprogramlist: () => import('./led-programs-page'),
  pjtledprogram: () => import('./led-program-page'),
  pjtledlive: () => import('./led-live-page'),
};

/** LED screens (spec 001 §2): the list, one screen, the media resources, the programs, their editor and the live view. */
export const led = familyConsole(
  'led',
  { DesktopOutlined, EditOutlined, FileImageOutlined, OrderedListOutlined, PlayCircleOutlined },
  SCREENS,
);
