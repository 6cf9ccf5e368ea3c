import { DeleteOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { FamilyConsole } from '../types';

/** Smart dustbins (spec 001 §2 "pjtdevicescdlist, pjtdevicescd"): the list and one bin's page. */
export const scd: FamilyConsole = {
  family: 'scd',
  pages: {
    pjtdevicescdlist: lazy(() => import('./scd-list-page')),
    pjtdevicescd: lazy(() => import('./scd-page')),
  },
  icons: { DeleteOutlined },
};
