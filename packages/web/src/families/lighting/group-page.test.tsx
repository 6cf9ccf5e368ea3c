import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { screenTests } from '../../components/device/family-testing';
import { expectSentJson, renderWithApp } from '../../test/render';
import GroupPage from './group-page';
import { BASE, serve, setUp, tearDown } from './test-fixtures';

const PATH = '/pjt/pjtdevicelightinggroup';

screenTests(setUp, tearDown);

describe('lamp groups', () => {
  it('lists groups with their member counts and switches a whole group on after asking', async () => {
    const { fetchMock } = serve(PATH, (call) => {
      if (call.url.pathname === `${BASE}/policies`) return { json: { list: [], total: 0, page: 1, pageSize: 100 } };
      if (call.url.pathname === `${BASE}/groups/71/command`)
        return { json: { batchId: 'g1', command: 'poweron', total: 2 } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<GroupPage />, { path: PATH });
    await screen.findByText('主干道灯组');
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('主干道灯组'))!;
    expect(row.textContent).toContain('G-01');
    await user.click(screen.getByTestId('group-control-71'));
    expect(within(screen.getByTestId('group-control')).getByText('分组控制：主干道灯组（2 盏）')).toBeTruthy();
    await user.click(screen.getByTestId('batch-poweron'));
    expect(await screen.findByText('确定打开主干道灯组吗？')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await expectSentJson(fetchMock, `${BASE}/groups/71/command`, { command: 'poweron', args: {} });
    expect(await screen.findByTestId('batch-progress')).toBeTruthy();
  }, 60_000);

  it('creates a group with members picked from the list', async () => {
    const { fetchMock } = serve(PATH, (call) => {
      if (call.url.pathname === `${BASE}/groups` && call.method === 'POST')
        return {
          json: {
            id: 72,
            name: '新分组',
            no: 'G-02',
            description: '',
            memberCount: 1,
            createdAt: '2026-05-01T00:00:00Z',
            lampIds: [31],
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<GroupPage />, { path: PATH });
    await screen.findByText('主干道灯组');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    await user.type(await screen.findByTestId('group-name'), '新分组');
    await user.type(screen.getByTestId('group-no'), 'G-02');
    await user.click(within(screen.getByTestId('group-members')).getByRole('combobox'));
    await user.click(await screen.findByTitle('路灯一 (L-31)'));
    expect(screen.getByTestId('group-member-count').textContent).toBe('成员：1 盏');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await expectSentJson(fetchMock, `${BASE}/groups`, {
      name: '新分组',
      no: 'G-02',
      description: '',
      lampIds: [31],
    });
  }, 60_000);
});
