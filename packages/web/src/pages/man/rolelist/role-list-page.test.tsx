import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { mockFetch, renderWithApp } from '../../../test/render';
import { frameAnswers, TREE } from '../projectlist/test-fixtures';
import RoleListPage from './role-list-page';

const PATH = '/man/rolelist';
const role = (id: number, name: string, admin: boolean) => ({
  id,
  name,
  no: `R${id}`,
  projectId: 1,
  projectName: '根项目甲',
  admin,
  status: 1,
  userCount: 1,
  createdAt: '2026-01-01T00:00:00Z',
});

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe('RoleListPage', () => {
  it('tags the administrator role and does not let it be deleted', async () => {
    mockFetch((call) => {
      const frame = frameAnswers(PATH, 5, call);
      if (frame) return frame;
      if (call.url.pathname === '/api/projects.do/trees') return { json: TREE };
      if (call.url.pathname === '/api/roles.do/pages') {
        return {
          json: { list: [role(1, '超级管理', true), role(2, '巡检员', false)], total: 2, page: 1, pageSize: 25 },
        };
      }
      return undefined;
    });
    renderWithApp(<RoleListPage />, { path: PATH });
    await screen.findByText('巡检员');
    expect(screen.getByText('管理员')).toBeTruthy();
    const rowOf = (name: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(name))!;
    await waitFor(() => expect(rowOf('超级管理')).toBeTruthy());
    const deletes = (name: string) =>
      [...rowOf(name).querySelectorAll('button')].find((b) => /删\s*除/.test(b.textContent ?? '')) as HTMLButtonElement;
    expect(deletes('超级管理').disabled).toBe(true);
    expect(deletes('巡检员').disabled).toBe(false);
  });
});
