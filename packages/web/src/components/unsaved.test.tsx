import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLang, i18n } from '../i18n/i18n';
import { renderWithApp } from '../test/render';
import { FormDialog } from './crud/form-dialog';
import { LeaveGuard } from './unsaved';

beforeEach(async () => {
  await changeLang('zh_CN');
});

function Dialog({ onClose }: { onClose: () => void }) {
  return (
    <FormDialog
      open
      title="编辑项目"
      resource="projects"
      fields={[{ name: 'name' }]}
      initialValues={{ name: '北区' }}
      editing
      onSubmit={async () => undefined}
      onClose={onClose}
    />
  );
}

describe('unsaved edits', () => {
  it('a dialog closes at once when nothing was changed', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<Dialog onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: /取\s*消/ }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryAllByText('放弃未保存的修改？')).toHaveLength(0);
  });

  it('a changed dialog asks before closing: keep editing keeps the text, discard closes', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<Dialog onClose={onClose} />);
    const input = await screen.findByLabelText('项目名称');
    await user.type(input, '二期');
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(await screen.findAllByText('放弃未保存的修改？')).not.toHaveLength(0);
    expect(screen.getByText('关闭后，本窗口中的修改将丢失。')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(screen.queryAllByText('放弃未保存的修改？')).toHaveLength(0));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('项目名称') as HTMLInputElement).value).toBe('北区二期');

    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    await user.click(await screen.findByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('a page with unsaved edits asks before the operator leaves it', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/edit',
          element: (
            <>
              <LeaveGuard dirty />
              <Link to="/other">去别处</Link>
            </>
          ),
        },
        { path: '/other', element: <p>别处</p> },
      ],
      { initialEntries: ['/edit'] },
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18n}>
          <ConfigProvider theme={{ token: { motion: false } }}>
            <App>
              <RouterProvider router={router} />
            </App>
          </ConfigProvider>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    await user.click(screen.getByText('去别处'));
    expect(await screen.findByText('离开后，本页中未保存的修改将丢失。')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit'));
    await user.click(screen.getByText('去别处'));
    await user.click(await screen.findByRole('button', { name: '放弃修改' }));
    expect(await screen.findByText('别处')).toBeTruthy();
  });
});
