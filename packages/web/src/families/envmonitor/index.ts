import { CloudOutlined, LineChartOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { FamilyConsole } from '../types';

/** Environment monitors (spec 001 §2-§3): the list, a monitor's history and the public display. */
export const envmonitor: FamilyConsole = {
  family: 'envmonitor',
  pages: {
    pjtdeviceenvmonitorlist: lazy(() => import('./env-list-page')),
    pjtdeviceenvdatahistory: lazy(() => import('./env-history-page')),
  },
  publicPages: { pubenvshow: lazy(() => import('./pub-env-show-page')) },
  icons: { CloudOutlined, LineChartOutlined },
};
