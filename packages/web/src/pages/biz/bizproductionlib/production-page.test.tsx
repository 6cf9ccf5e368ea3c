import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { type Call, mockFetch, renderWithApp } from '../../../test/render';
import { frameAnswers, TREE } from '../../man/projectlist/test-fixtures';
import ProductionPage from './production-page';
import { csvFileError, previewNos } from './production-tools';

const PATH = '/biz/bizproductionlib';

function serve(extra: (call: Call) => { status?: number; json?: unknown } | undefined = () => undefined) {
  return mockFetch((call) => {
    const frame = frameAnswers(PATH, 5, call);
    if (frame) return frame;
    const { pathname } = call.url;
    if (pathname === '/api/projects.do/trees') return { json: TREE };
    if (pathname === '/api/bas/devicemodels.do') return { json: [] };
    if (pathname === '/api/biz/productionlib.do/pages') return { json: { list: [], total: 0, page: 1, pageSize: 25 } };
    return extra(call);
  });
}

/** A stand-in XMLHttpRequest answering the upload with `answer`. */
function stubUpload(status: number, answer: unknown) {
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 } as ProgressEvent);
      this.status = status;
      this.responseText = JSON.stringify(answer);
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe('production tools', () => {
  it('previews the numbering like the server', () => {
    expect(previewNos('SN0098', 5)).toEqual({ first: 'SN0098', last: 'SN0102' });
    expect(previewNos('ABC', 5)).toBeNull();
  });
  it('accepts only a .csv under 10MB', () => {
    expect(csvFileError({ name: 'a.txt', size: 10 }, 'zh_CN')).toBe('不支持的文件格式');
    expect(csvFileError({ name: 'a.csv', size: 10 * 1024 * 1024 }, 'zh_CN')).toBe('文件过大');
    expect(csvFileError({ name: 'a.CSV', size: 10 }, 'zh_CN')).toBeNull();
  });
});

describe('ProductionPage', () => {
  it('sends the status filter with the page query', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithApp(<ProductionPage />, { path: PATH });
    await user.click(await screen.findByText('已占用'));
    await waitFor(() => {
      const last = calls.filter((c) => c.url.pathname === '/api/biz/productionlib.do/pages').at(-1)!;
      expect(last.url.searchParams.get('status')).toBe('occupied');
    });
  });

  it('previews the first and last numbers of an auto-create', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<ProductionPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: /自动创建/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('起始编号'), 'TM0009');
    await user.clear(within(dialog).getByLabelText('数量'));
    await user.type(within(dialog).getByLabelText('数量'), '3');
    expect(await within(dialog).findByText('将创建 3 条：TM0009 … TM0011')).toBeTruthy();
  });

  it('shows the lines the server refused in a table', async () => {
    serve();
    stubUpload(400, {
      message: '2 行有错误',
      imported: 0,
      errors: [
        { line: 2, field: 'modelNo', message: '型号不存在' },
        { line: 3, field: 'key1', message: '请输入特征值' },
      ],
    });
    const user = userEvent.setup();
    renderWithApp(<ProductionPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: /CSV 导入/ }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    const csv = 'name,no,key1,modelNo,projectNo,description\n灯1,L1,k1,nope,P1,\n灯2,L2,,m1,P1,"a, b"\n';
    await user.upload(input, new File([csv], 'items.csv', { type: 'text/csv' }));
    const table = await within(dialog).findByTestId('import-errors');
    expect(within(table).getByText('型号不存在')).toBeTruthy();
    expect(within(table).getByText('key1')).toBeTruthy();
    expect(within(dialog).getByText('2 行有错误')).toBeTruthy();
    // The progress turns red on failure.
    expect(within(dialog).getByTestId('import-progress').className).toContain('ant-progress-status-exception');

    // The file with its errors: every line as written, the errors in a last column.
    let saved: Blob | undefined;
    const createObjectURL = (blob: Blob) => {
      saved = blob;
      return 'blob:x';
    };
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL() {} }));
    await user.click(within(dialog).getByRole('button', { name: /下载带错误说明的文件/ }));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved!);
    });
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'name,no,key1,modelNo,projectNo,description,错误',
      '灯1,L1,k1,nope,P1,,modelNo: 型号不存在',
      '灯2,L2,,m1,P1,"a, b",key1: 请输入特征值',
      '',
    ]);
  });

  it('refuses a file that is not a CSV before sending it', async () => {
    serve();
    const send = vi.fn();
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        open() {}
        send = send;
      },
    );
    const user = userEvent.setup({ applyAccept: false });
    renderWithApp(<ProductionPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: /CSV 导入/ }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'items.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('不支持的文件格式')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });
});
