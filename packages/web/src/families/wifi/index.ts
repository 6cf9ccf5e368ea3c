import { WifiOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdevicewifilist: () => import('./wifi-list-page'),
  pjtdevicewifi: () => import('./wifi-page'),
};

/** WiFi (spec 001 §2 "pjtdevicewifilist, pjtdevicewifi"): the list and one AP's page. */
export const wifi = familyConsole('wifi', { WifiOutlined }, SCREENS);
