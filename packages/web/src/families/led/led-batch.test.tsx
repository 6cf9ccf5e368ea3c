import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from '../../api/realtime-fake';
import { changeLang } from '../../i18n/i18n';
import { familyScreens, pushLive } from '../../test/family-page';
import { expectSentJson, renderWithApp } from '../../test/render';
import { listedRows } from '../kit/test-fixtures';
import type { LedScreen } from './api';
import LedListPage from './led-list-page';

const LIST = '/pjt/pjtdeviceledlist';
const LED = '/api/pjts/2/iot/led';
const screenRow = listedRows<LedScreen>('LED', {
  screenWidth: 192,
  screenHeight: 96,
  reportedAt: '2026-05-01T08:00:00Z',
  brightness: 180,
  volume: 7,
  power: true,
  playing: null,
});
const status = (done: boolean) => ({
  batchId: '7b0e1d1e-9c41-4f0a-8a8e-3f1f9c1d2e3f',
  command: 'control',
  total: 2,
  acknowledged: done ? 1 : 0,
  failed: done ? 1 : 0,
  pending: done ? 0 : 2,
  done,
  state: done ? 'done' : 'running',
  startedAt: '2026-05-01T10:00:00Z',
  finishedAt: done ? '2026-05-01T10:00:01Z' : null,
  results: [
    { deviceId: 61, name: '广场屏', ok: done ? true : null, error: null, durationMs: done ? 40 : null },
    { deviceId: 62, name: '路口屏', ok: done ? false : null, error: done ? 'offline' : null, durationMs: null },
  ],
});
let finished = false;
const family = familyScreens({
  screen: LIST,
  base: LED,
  list: [screenRow(61, '广场屏'), screenRow(62, '路口屏'), screenRow(63, '公园屏')],
  more: (call, pathname) => {
    if (pathname === `${LED}/batch/command` && call.method === 'POST')
      return { json: { batchId: status(false).batchId, command: 'control', total: 2 } };
    if (pathname === `${LED}/batches/${status(false).batchId}`) return { json: status(finished) };
    return undefined;
  },
});

const TEXTS = {
  zh_CN: {
    off: '关屏',
    ask: '确定关闭所选的 2 块屏幕？关闭后这些屏幕不再显示节目。',
    ok: /确\s*定/,
    brightness: '亮度',
    send: '下发',
    range: '允许的取值范围：1 - 255。',
    title: '批量命令：关屏',
    failed: '失败 1',
    offline: '设备离线',
  },
  en_US: {
    off: 'Screen off',
    ask: 'Turn off the 2 selected screens? They show nothing until turned on again.',
    ok: /OK/,
    brightness: 'Brightness',
    send: 'Send',
    range: 'Allowed range: 1 - 255.',
    title: 'Batch command: Screen off',
    failed: '1 failed',
    offline: 'The device is offline',
  },
} as const;

describe('LED screens list: batch power and brightness', () => {
  it.each(['zh_CN', 'en_US'] as const)(
    'switches the selected screens off after asking, follows the progress, then sets their brightness (%s)',
    async (lang) => {
      finished = false;
      const x = TEXTS[lang];
      await changeLang(lang);
      const { fetchMock } = family.serve(5);
      const user = userEvent.setup();
      const view = renderWithApp(<LedListPage />, { path: LIST });
      const one = await family.rowWith('广场屏');
      const off = screen.getByTestId('led-batch-off');
      expect(off.hasAttribute('disabled')).toBe(true);
      await user.click(within(one).getByRole('checkbox'));
      await user.click(within(await family.rowWith('路口屏')).getByRole('checkbox'));
      await user.click(off);
      expect(await screen.findByText(x.ask)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: x.ok }));
      await expectSentJson(fetchMock, `${LED}/batch/command`, {
        ids: [61, 62],
        command: 'control',
        args: { power: false },
      });
      const progress = await screen.findByTestId('batch-progress');
      expect(progress.textContent).toContain(x.title);
      expect(progress.getAttribute('data-done')).toBe('false');
      finished = true;
      pushLive({
        kind: 'batch',
        batchId: status(true).batchId,
        projectId: 2,
        command: 'control',
        total: 2,
        acknowledged: 1,
        failed: 1,
        pending: 0,
        done: true,
        state: 'done',
        at: '2026-05-01T10:00:01Z',
      } as never);
      await waitFor(() => expect(within(progress).getByTestId('batch-failed').textContent).toBe(x.failed));
      await waitFor(() => expect(progress.getAttribute('data-done')).toBe('true'));
      await waitFor(() => expect(within(progress).getAllByText('路口屏').length).toBeGreaterThan(0));
      expect(within(progress).getByText(x.offline)).toBeTruthy();

      // Brightness: out of range cannot be sent; in range goes to the same screens.
      await user.click(screen.getByTestId('led-batch-brightness'));
      const level = await screen.findByTestId('led-batch-level');
      expect(screen.getByText(x.range)).toBeTruthy();
      await user.clear(level);
      await user.type(level, '90');
      await user.click(screen.getByTestId('led-batch-level-send'));
      await waitFor(() =>
        expect(
          fetchMock.mock.calls
            .filter(([u]) => String(u).includes('/batch/command'))
            .map(([, i]) => JSON.parse(String(i?.body)).args),
        ).toContainEqual({ brightness: 90 }),
      );
      view.unmount();
    },
    120_000,
  );

  it('shows the batch done after a reconnect that missed its last push', async () => {
    finished = false;
    await changeLang('zh_CN');
    family.serve(5);
    const user = userEvent.setup();
    renderWithApp(<LedListPage />, { path: LIST });
    await user.click(within(await family.rowWith('广场屏')).getByRole('checkbox'));
    await user.click(within(await family.rowWith('路口屏')).getByRole('checkbox'));
    await user.click(screen.getByTestId('led-batch-off'));
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    const progress = await screen.findByTestId('batch-progress');
    await family.goLive();
    expect(progress.getAttribute('data-done')).toBe('false');
    // The channel drops; meanwhile the batch ends, and its push reaches nobody.
    act(() => FakeWebSocket.last!.drop());
    finished = true;
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(1), { timeout: 5000 });
    act(() => FakeWebSocket.last!.open());
    await waitFor(() => expect(progress.getAttribute('data-done')).toBe('true'));
    expect(within(progress).getByTestId('batch-failed').textContent).toBe('失败 1');
  }, 120_000);

  it('offers no batch to a reader', async () => {
    family.serve(1);
    renderWithApp(<LedListPage />, { path: LIST });
    await family.rowWith('广场屏');
    // Once the menus said the reader's level.
    await waitFor(async () => expect(within(await family.rowWith('广场屏')).queryByRole('checkbox')).toBeNull());
    expect(screen.queryByTestId('led-batch-bar')).toBeNull();
  }, 120_000);
});
