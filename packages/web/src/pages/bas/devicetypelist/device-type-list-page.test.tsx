import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { stubXhr } from '../../../test/fake-xhr';
import { TYPE_A } from '../../../test/family-samples';
import { type Call, mockFetch, renderWithApp } from '../../../test/render';
import { frameAnswers } from '../../man/projectlist/test-fixtures';
import DeviceTypeListPage from './device-type-list-page';

const PATH = '/bas/devicetypelist';
const TYPES = [
  {
    id: 1,
    name: 'Lighting',
    no: TYPE_A,
    builtin: true,
    icon: '/api/bas/devicetypes.do/1/icon?v=2',
    deviceCount: 3,
    createdAt: '2026-01-01T00:00:00Z',
  },
  {
    id: 9,
    name: '自定义类型',
    no: 'mytype',
    builtin: false,
    icon: null,
    deviceCount: 0,
    createdAt: '2026-01-01T00:00:00Z',
  },
];

function serve(extra: (call: Call) => { status?: number; json?: unknown } | undefined = () => undefined) {
  return mockFetch((call) => {
    const frame = frameAnswers(PATH, 5, call);
    if (frame) return frame;
    if (call.url.pathname === '/api/bas/devicetypes.do/pages') {
      return { json: { list: TYPES, total: 2, page: 1, pageSize: 25 } };
    }
    return extra(call);
  });
}

const rowOf = (no: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(no));

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe('DeviceTypeListPage', () => {
  it('shows icons with the session token, and keeps built-in types undeletable with a locked no', async () => {
    localStorage.setItem('sc.token', 'tok123');
    serve();
    const user = userEvent.setup();
    renderWithApp(<DeviceTypeListPage />, { path: PATH });
    await waitFor(() => expect(rowOf('mytype')).toBeTruthy());
    const builtin = rowOf(TYPE_A)!;
    const img = builtin.querySelector('img')!;
    expect(img.getAttribute('src')).toMatch(/^\/api\/bas\/devicetypes\.do\/1\/icon\?v=2&token=tok123&lang=zh_CN$/);
    expect(within(builtin).getByText('内置')).toBeTruthy();
    expect((within(builtin).getByRole('button', { name: /删\s*除/ }) as HTMLButtonElement).disabled).toBe(true);
    // The custom type has no icon: a placeholder.
    expect(rowOf('mytype')!.querySelector('img')).toBeNull();

    await user.click(within(builtin).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('类型编号') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('类型名称') as HTMLInputElement).disabled).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));

    await user.click(within(rowOf('mytype')!).getByRole('button', { name: /编\s*辑/ }));
    const second = await screen.findByRole('dialog');
    await waitFor(() => expect((within(second).getByLabelText('类型编号') as HTMLInputElement).value).toBe('mytype'));
    expect((within(second).getByLabelText('类型编号') as HTMLInputElement).disabled).toBe(false);
  });

  it('refuses a non-image and a file of 100KB or more before sending, with the contract messages', async () => {
    serve();
    const sent = stubXhr({ status: 200, json: {} });
    const user = userEvent.setup({ applyAccept: false });
    renderWithApp(<DeviceTypeListPage />, { path: PATH });
    await waitFor(() => expect(rowOf('mytype')).toBeTruthy());
    await user.click(within(rowOf('mytype')!).getByRole('button', { name: /上传图标/ }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;

    await user.upload(input, new File(['GIF89a'], 'icon.gif', { type: 'image/gif' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('icon-failure').textContent).toContain('图标只能是 jpg 或 png'),
    );

    const big = new File([new Uint8Array(100 * 1024)], 'big.png', { type: 'image/png' });
    await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, big);
    await waitFor(() => expect(within(dialog).getByTestId('icon-failure').textContent).toContain('图标必须小于 100KB'));
    expect(sent).toHaveLength(0);
  });

  it("uploads a PNG as multipart `file` and shows the server's refusal", async () => {
    localStorage.setItem('sc.token', 'tok123');
    serve();
    const sent = stubXhr({
      status: 400,
      json: {
        statusCode: 400,
        code: 'VALIDATION',
        message: '参数无效',
        errors: [{ field: 'file', message: '图标只能是 jpg 或 png' }],
      },
    });
    const user = userEvent.setup();
    renderWithApp(<DeviceTypeListPage />, { path: PATH });
    await waitFor(() => expect(rowOf('mytype')).toBeTruthy());
    await user.click(within(rowOf('mytype')!).getByRole('button', { name: /上传图标/ }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'fake.png', { type: 'image/png' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.method).toBe('PUT');
    expect(sent[0]!.url).toBe('/api/bas/devicetypes.do/9/icon?token=tok123&lang=zh_CN');
    expect((sent[0]!.body.get('file') as File).name).toBe('fake.png');
    expect((await within(dialog).findByTestId('icon-failure')).textContent).toContain('图标只能是 jpg 或 png');
  });
});
