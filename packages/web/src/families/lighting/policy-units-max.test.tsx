import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { screenTests } from '../../components/device/family-testing';
import { describePolicyUnitsMax } from '../../components/schedule/policy-testing';
import PolicyPage from './policy-page';
import { BASE, DEVICES, GROUPS, setUp, tearDown } from './test-fixtures';

screenTests(setUp, tearDown);

describePolicyUnitsMax('lamp policy units', {
  path: '/pjt/pjtdevicelightingpolicy',
  page: () => <PolicyPage />,
  answers: (pathname) => {
    if (pathname === '/api/pjts/2/devices.do/family') return { json: DEVICES };
    if (pathname === `${BASE}/policies`) return { json: { list: [], total: 0, page: 1, pageSize: 25 } };
    if (pathname === `${BASE}/groups`) return { json: GROUPS };
    return undefined;
  },
  full: [
    ['zh_CN', '已达到最大步骤数 3'],
    ['en_US', 'The maximum of 3 steps is reached'],
  ],
  expectFull: async (full) => expect((await screen.findByTestId('policy-max-units')).textContent).toBe(full),
});
