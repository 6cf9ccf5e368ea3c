import type { SessionUser } from '@sc/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../api/realtime-fake';
import { setErrorSinks } from '../../api/report';
import { changeLang } from '../../i18n/i18n';
import { clearSession, setSession } from '../../session/store';
import { guardRawText } from '../../test/raw-guard';
import { mockFetch, renderWithApp } from '../../test/render';
import { applyBatchPush, BatchProgress, type BatchProgressState, useBatchProgress } from './batch-progress';

const START: BatchProgressState = {
  batchId: 'b1',
  command: 'poweroff',
  total: 3,
  acknowledged: 0,
  failed: 0,
  pending: 3,
  done: false,
};

function Harness() {
  const batch = useBatchProgress(2, null);
  return (
    <>
      <button
        type="button"
        onClick={() =>
          batch.start(START, [
            { deviceId: 31, name: '路灯一', outcome: 'pending' },
            { deviceId: 32, name: '路灯二', outcome: 'pending' },
            { deviceId: 33, name: '路灯三', outcome: 'pending' },
          ])
        }
      >
        go
      </button>
      {batch.progress && <BatchProgress progress={batch.progress} results={batch.results} commandLabel="关灯" />}
    </>
  );
}

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  setSession({ userId: 4, userName: 'u', realName: 'U', projectId: 2, userToken: 'tok' } as SessionUser);
  mockFetch(() => undefined);
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

guardRawText();

describe('batch progress', () => {
  it('takes pushes of its own batch only, never going back once done', () => {
    const push = { kind: 'batch', projectId: 2, ...START, acknowledged: 2, pending: 1, at: 'x' } as const;
    expect(applyBatchPush(START, push)).toMatchObject({ acknowledged: 2, pending: 1 });
    expect(applyBatchPush(START, { ...push, batchId: 'other' } as typeof push & { batchId: string })).toBe(START);
    const done = { ...START, done: true };
    expect(applyBatchPush(done, push)).toBe(done);
    expect(applyBatchPush(null, push)).toBeNull();
  });

  it('follows the realtime channel: counts and bar from batch pushes, each lamp from its command push', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    await user.click(screen.getByText('go'));
    const card = screen.getByTestId('batch-progress');
    expect(within(card).getByText('批量命令：关灯')).toBeTruthy();
    expect(screen.getByTestId('batch-pending').textContent).toBe('等待 3');
    const socket = FakeWebSocket.last!;
    act(() => socket.open());
    expect(socket.sent).toEqual([{ op: 'subscribe', devices: [], projects: [2] }]);

    act(() =>
      socket.push({
        kind: 'command',
        deviceId: 32,
        projectId: 2,
        requestId: 'r',
        command: 'poweroff',
        ok: false,
        error: '设备离线',
        at: '2026-05-01T08:00:00Z',
      }),
    );
    act(() =>
      socket.push({
        kind: 'command',
        deviceId: 31,
        projectId: 2,
        requestId: 'r',
        command: 'poweroff',
        ok: true,
        at: '2026-05-01T08:00:00Z',
      }),
    );
    act(() =>
      socket.push({
        kind: 'batch',
        batchId: 'b1',
        projectId: 2,
        command: 'poweroff',
        total: 3,
        acknowledged: 1,
        failed: 1,
        pending: 1,
        done: false,
        at: '2026-05-01T08:00:01Z',
      } as never),
    );
    await waitFor(() => expect(screen.getByTestId('batch-acknowledged').textContent).toBe('已确认 1'));
    expect(screen.getByTestId('batch-failed').textContent).toBe('失败 1');
    expect(screen.getByTestId('batch-pending').textContent).toBe('等待 1');
    const bar = screen.getByRole('progressbar');
    expect((bar.querySelector('.batch-bar-ack') as HTMLElement).style.width).toMatch(/^33\.3/);
    expect((bar.querySelector('.batch-bar-failed') as HTMLElement).style.width).toMatch(/^33\.3/);
    // Failed first, with the reason.
    const rows = within(screen.getByTestId('batch-results')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['路灯二失败设备离线', '路灯三等待中', '路灯一已确认']);
    expect(screen.getByTestId('batch-progress').dataset.done).toBe('false');

    act(() =>
      socket.push({
        kind: 'batch',
        batchId: 'b1',
        projectId: 2,
        command: 'poweroff',
        total: 3,
        acknowledged: 2,
        failed: 1,
        pending: 0,
        done: true,
        at: '2026-05-01T08:00:02Z',
      } as never),
    );
    await waitFor(() => expect(screen.getByTestId('batch-progress').dataset.done).toBe('true'));
    expect(within(screen.getByTestId('batch-progress')).getByText('已完成')).toBeTruthy();
  });

  for (const [lang, text] of [
    ['zh_CN', '已中断：服务器在执行中停止'],
    ['en_US', 'Interrupted: the server stopped while running it'],
  ] as const)
    it(`shows a batch its server stopped running as interrupted, its pending devices pending (${lang})`, async () => {
      await changeLang(lang);
      const user = userEvent.setup();
      renderWithApp(<Harness />);
      await user.click(screen.getByText('go'));
      const socket = FakeWebSocket.last!;
      act(() => socket.open());
      act(() =>
        socket.push({
          kind: 'batch',
          batchId: 'b1',
          projectId: 2,
          type: 'demo',
          command: 'poweroff',
          total: 3,
          acknowledged: 1,
          failed: 0,
          pending: 2,
          done: true,
          state: 'interrupted',
          at: '2026-05-01T08:00:02Z',
        }),
      );
      await waitFor(() => expect(screen.getByTestId('batch-progress').dataset.state).toBe('interrupted'));
      expect(screen.getByTestId('batch-interrupted').textContent).toContain(text);
      expect(screen.getByTestId('batch-pending').textContent).toContain('2');
    });
});
