import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { screenTests } from '../../components/device/family-testing';
import { describePolicyUnitsMax } from '../../components/schedule/policy-testing';
import CabinetPolicyPage from './policy-page';
import { BASE, POLICY, page, setUp, tearDown } from './test-fixtures';

screenTests(setUp, tearDown);

describePolicyUnitsMax('cabinet policy units', {
  path: '/pjt/pjtdevicemtcpolicy',
  page: () => <CabinetPolicyPage />,
  running: { timezone: 8 },
  answers: (pathname) => {
    if (pathname === `${BASE}/policies`) return { json: page([POLICY]) };
    if (pathname === `${BASE}/map`) return { json: [] };
    return undefined;
  },
  full: [
    ['zh_CN', '最多 3 个时段'],
    ['en_US', 'At most 3 units'],
  ],
  ready: () => screen.findByText('夜间策略'),
  expectFull: async (full) => {
    expect(await screen.findByText(full)).toBeTruthy();
  },
});
