import { WifiOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { FamilyConsole } from '../types';

/** WiFi (spec 001 §2 "pjtdevicewifilist, pjtdevicewifi"): the list and one AP's page. */
export const wifi: FamilyConsole = {
  family: 'wifi',
  pages: {
    pjtdevicewifilist: lazy(() => import('./wifi-list-page')),
    pjtdevicewifi: lazy(() => import('./wifi-page')),
  },
  icons: { WifiOutlined },
};
