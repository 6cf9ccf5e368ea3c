import { CloudOutlined, LineChartOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdeviceenvmonitorlist: () => import('./env-list-page'),
  pjtdeviceenvdatahistory: () => import('./env-history-page'),
};

/** Environment monitors (spec 001 §2-§3): the list, a monitor's history and the public display. */
export const envmonitor = familyConsole('envmonitor', { CloudOutlined, LineChartOutlined }, SCREENS, {
  pubenvshow: () => import('./pub-env-show-page'),
});
