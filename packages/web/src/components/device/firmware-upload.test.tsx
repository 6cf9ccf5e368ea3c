import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { setErrorSinks } from '../../api/report';
import { changeLang } from '../../i18n/i18n';
import { mockFetch, renderWithApp } from '../../test/render';
import { FirmwareUpload, formatBytes } from './firmware-upload';

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  mockFetch(() => undefined);
});

const input = () => screen.getByTestId('firmware-upload').querySelector('input[type=file]') as HTMLInputElement;

describe('FirmwareUpload', () => {
  it('refuses an empty or too large file before sending, in words', async () => {
    const upload = vi.fn();
    renderWithApp(<FirmwareUpload maxBytes={1024} upload={upload} />);
    await userEvent.upload(input(), new File([], 'a.bin'));
    expect((await screen.findByTestId('firmware-problem')).textContent).toContain('文件为空');
    await userEvent.upload(input(), new File(['x'.repeat(2000)], 'big.bin'));
    expect((await screen.findByTestId('firmware-problem')).textContent).toContain('文件超过 1 KB');
    expect(screen.queryByTestId('firmware-send')).toBeNull();
    expect(upload).not.toHaveBeenCalled();
  });

  it('applies the caller check, then shows the progress and the result', async () => {
    let progress: (p: number) => void = () => undefined;
    let finish: (v: string) => void = () => undefined;
    const upload = vi.fn((_file: File, onProgress: (p: number) => void) => {
      progress = onProgress;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    });
    renderWithApp(
      <FirmwareUpload
        maxBytes={4096}
        check={(f) => (f.name.endsWith('.bin') ? null : '只接受 .bin 文件')}
        upload={upload}
      />,
    );
    await userEvent.upload(input(), new File(['abc'], 'fw.txt'));
    expect((await screen.findByTestId('firmware-problem')).textContent).toContain('只接受 .bin 文件');
    await userEvent.upload(input(), new File(['abc'], 'MTC1.2.03.bin'));
    expect(screen.getByTestId('firmware-name').textContent).toContain('MTC1.2.03.bin');
    await userEvent.click(screen.getByTestId('firmware-send'));
    expect(upload).toHaveBeenCalledTimes(1);
    progress(40);
    await waitFor(() => expect(screen.getByTestId('firmware-progress').textContent).toContain('40%'));
    finish('版本 MTC1.2.03');
    expect((await screen.findByTestId('firmware-result')).textContent).toContain('固件已上传');
    expect(screen.getByTestId('firmware-result').textContent).toContain('版本 MTC1.2.03');
  });

  it('shows the server reason when the upgrade is refused', async () => {
    const upload = vi.fn(() => Promise.reject(new ApiError(400, { code: 400, message: '固件文件无效' } as never)));
    renderWithApp(<FirmwareUpload maxBytes={4096} upload={upload} />);
    await userEvent.upload(input(), new File(['abc'], 'fw.bin'));
    await userEvent.click(screen.getByTestId('firmware-send'));
    expect((await screen.findByTestId('firmware-result')).textContent).toContain('固件升级失败');
    expect(screen.getByTestId('firmware-result').textContent).toContain('固件文件无效');
  });

  it('words sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
  });
});
