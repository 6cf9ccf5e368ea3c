import { GroupOutlined, SunOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { FamilyConsole } from '../types';

/** Illumination sensors (spec 001 §2): the list, one sensor's page and the illumination groups. */
export const illum: FamilyConsole = {
  family: 'illum',
  pages: {
    pjtdeviceillumlist: lazy(() => import('./illum-list-page')),
    pjtdeviceillum: lazy(() => import('./illum-page')),
    pjtdeviceillumgroup: lazy(() => import('./illum-group-page')),
  },
  icons: { SunOutlined, GroupOutlined },
};
