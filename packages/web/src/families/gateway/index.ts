import { GatewayOutlined } from '@ant-design/icons';
import { familyConsole } from '../types';

const SCREENS = {
  pjtdevicegatewaylist: () => import('./gateway-list-page'),
  pjtdevicegateway: () => import('./gateway-page'),
};

/** Gateways (spec 001 §2): the list and one gateway's page. */
export const gateway = familyConsole('gateway', { GatewayOutlined }, SCREENS);
