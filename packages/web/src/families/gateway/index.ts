import { GatewayOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { FamilyConsole } from '../types';

/** Gateways (spec 001 §2): the list and one gateway's page. */
export const gateway: FamilyConsole = {
  family: 'gateway',
  pages: {
    pjtdevicegatewaylist: lazy(() => import('./gateway-list-page')),
    pjtdevicegateway: lazy(() => import('./gateway-page')),
  },
  icons: { GatewayOutlined },
};
