import type { SessionUser } from '@sc/contract';
import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../session/store';
import { TYPE_A, TYPE_B } from '../test/family-samples';
import { RealtimeConnection, realtimeUrl, useRealtime } from './realtime';
import { FakeWebSocket } from './realtime-fake';

let token: string | null = 'tok';
function connection(onMessages = vi.fn()) {
  return new RealtimeConnection({
    token: () => token,
    lang: () => 'en_US',
    userId: () => 7,
    url: (t, lang) => `ws://test/api/ws?token=${t}&lang=${lang}`,
    onMessages,
    create: (url) => new FakeWebSocket(url) as unknown as WebSocket,
  });
}

beforeEach(() => {
  token = 'tok';
  FakeWebSocket.reset();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('realtime channel', () => {
  it('builds a same-origin ws or wss url with token and lang', () => {
    expect(realtimeUrl('a b', 'zh_CN', { protocol: 'https:', host: 'x.test' })).toBe(
      'wss://x.test/api/ws?token=a+b&lang=zh_CN',
    );
    expect(realtimeUrl('t', 'en_US', { protocol: 'http:', host: 'h:8080' })).toBe(
      'ws://h:8080/api/ws?token=t&lang=en_US',
    );
  });

  it('shares one socket between subscribers and counts references', () => {
    const rt = connection();
    const a = vi.fn();
    const b = vi.fn();
    const offA = rt.subscribe({ devices: [1, 2] }, a);
    const offB = rt.subscribe({ devices: [2, 3], projects: [9] }, b);
    expect(FakeWebSocket.instances).toHaveLength(1);
    const socket = FakeWebSocket.last!;
    expect(socket.url).toBe('ws://test/api/ws?token=tok&lang=en_US');
    socket.open();
    expect(socket.sent).toEqual([{ op: 'subscribe', devices: [1, 2, 3], projects: [9] }]);

    const offC = rt.subscribe({ devices: [3, 4] }, vi.fn());
    expect(socket.sent.at(-1)).toEqual({ op: 'subscribe', devices: [4], projects: [] });

    socket.push({ kind: 'state', deviceId: 1, projectId: 5, activeState: 1, at: 'x' });
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
    socket.push({ kind: 'telemetry', deviceId: 77, projectId: 9, type: TYPE_A, values: {}, at: 'x' });
    expect(b).toHaveBeenCalledTimes(1);
    expect(a).toHaveBeenCalledTimes(1);

    offB();
    // Device 2 is still wanted by A and device 3 by C: only the project goes.
    expect(socket.sent.at(-1)).toEqual({ op: 'unsubscribe', devices: [], projects: [9] });
    offA();
    expect(socket.sent.at(-1)).toEqual({ op: 'unsubscribe', devices: [1, 2], projects: [] });
    offA();
    offC();
    expect(socket.sent.at(-1)).toEqual({ op: 'unsubscribe', devices: [3, 4], projects: [] });
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('reconnects with growing backoff and subscribes again to what is still wanted', () => {
    const rt = connection();
    const listener = vi.fn();
    rt.subscribe({ devices: [5], projects: [2] }, listener);
    FakeWebSocket.last!.open();
    FakeWebSocket.last!.drop();
    expect(rt.status).toBe('closed');
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    // This one fails before opening: the next wait doubles.
    FakeWebSocket.last!.drop();
    vi.advanceTimersByTime(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    const socket = FakeWebSocket.last!;
    socket.open();
    expect(rt.status).toBe('open');
    expect(socket.sent).toEqual([{ op: 'subscribe', devices: [5], projects: [2] }]);
    socket.push({ kind: 'state', deviceId: 5, projectId: 2, activeState: -1, at: 'x' });
    expect(listener).toHaveBeenCalledTimes(1);
    // After a good connection the backoff starts over.
    socket.drop();
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(4);
  });

  it('tells each subscription when it becomes live: on the opening socket, on an open one, after a reconnect', () => {
    const rt = connection();
    const early = vi.fn();
    rt.subscribe({ devices: [1] }, vi.fn(), early);
    expect(early).not.toHaveBeenCalled();
    FakeWebSocket.last!.open();
    expect(early).toHaveBeenCalledWith(true);
    const late = vi.fn();
    rt.subscribe({ devices: [2] }, vi.fn(), late);
    expect(late).toHaveBeenCalledWith(false);
    FakeWebSocket.last!.drop();
    vi.advanceTimersByTime(1000);
    FakeWebSocket.last!.open();
    expect(early).toHaveBeenLastCalledWith(true);
    expect(late).toHaveBeenLastCalledWith(true);
    expect(early).toHaveBeenCalledTimes(2);
    expect(late).toHaveBeenCalledTimes(2);
  });

  it('pings while open', () => {
    const rt = connection();
    rt.subscribe({ devices: [1] }, vi.fn());
    FakeWebSocket.last!.open();
    vi.advanceTimersByTime(25_000);
    expect(FakeWebSocket.last!.sent.at(-1)).toEqual({ op: 'ping' });
  });

  it('closes on sign-out and does not come back until signed in again', () => {
    const rt = connection();
    rt.subscribe({ devices: [1] }, vi.fn());
    const socket = FakeWebSocket.last!;
    socket.open();
    token = null;
    rt.sessionChanged();
    expect(socket.readyState).toBe(3);
    expect(rt.status).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    token = 'other';
    rt.sessionChanged();
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.last!.url).toContain('token=other');
  });

  it('refreshes the unread count only for messages addressed to the signed-in user', () => {
    const onMessages = vi.fn();
    const rt = connection(onMessages);
    rt.subscribe({}, vi.fn());
    FakeWebSocket.last!.open();
    FakeWebSocket.last!.push({ kind: 'messages', userIds: [1, 2] });
    expect(onMessages).not.toHaveBeenCalled();
    FakeWebSocket.last!.push({ kind: 'messages', userIds: [7] });
    expect(onMessages).toHaveBeenCalledTimes(1);
  });

  it('the tab connection invalidates the unread query and closes on logout', async () => {
    vi.useRealTimers();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    const { realtime } = await import('./realtime');
    const { queryClient } = await import('./query-client');
    const { UNREAD_KEY } = await import('./session-api');
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    setSession({ userId: 3, userToken: 'abc', projectId: 1, projectName: 'P' } as SessionUser);
    const pushes = vi.fn();
    const { unmount } = renderHook(() => useRealtime({ projects: [1] }, pushes, { onLive: null }));
    const socket = FakeWebSocket.last!;
    expect(socket.url).toMatch(/^ws:\/\/localhost(:\d+)?\/api\/ws\?token=abc&lang=/);
    act(() => socket.open());
    expect(socket.sent).toEqual([{ op: 'subscribe', devices: [], projects: [1] }]);
    act(() => socket.push({ kind: 'messages', userIds: [3] }));
    // The tab's connection dispatches once per frame (or within 100 ms when frames stop).
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(spy).toHaveBeenCalledWith({ queryKey: UNREAD_KEY });
    act(() =>
      socket.push({
        kind: 'event',
        deviceId: 4,
        projectId: 1,
        type: TYPE_B,
        code: '1',
        eventType: 'occur',
        level: 'info',
        at: 'x',
      }),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(pushes).toHaveBeenCalledWith(expect.objectContaining({ kind: 'event', deviceId: 4 }));
    unmount();
    expect(socket.sent.at(-1)).toEqual({ op: 'unsubscribe', devices: [], projects: [1] });
    clearSession();
    expect(socket.readyState).toBe(3);
    expect(realtime.status).toBe('idle');
    vi.unstubAllGlobals();
  });
});

describe('pushes under load', () => {
  it('are coalesced per frame: a burst reaches the list in one render, every push applied', () => {
    let runFrame: (() => void) | null = null;
    const rt = new RealtimeConnection({
      token: () => token,
      lang: () => 'en_US',
      userId: () => 7,
      url: (t, lang) => `ws://test/api/ws?token=${t}&lang=${lang}`,
      create: (url) => new FakeWebSocket(url) as unknown as WebSocket,
      frame: (run) => {
        runFrame = run;
      },
    });
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      const [seen, setSeen] = useState<number[]>([]);
      useRealtime({ projects: [9] }, (push) => setSeen((s) => [...s, 'deviceId' in push ? push.deviceId : 0]), {
        connection: rt,
        onLive: null,
      });
      return seen;
    });
    const socket = FakeWebSocket.last!;
    act(() => socket.open());
    const before = renders;
    act(() => {
      for (let id = 1; id <= 200; id++)
        socket.push({ kind: 'state', deviceId: id, projectId: 9, activeState: 1, at: 'x' });
    });
    // Nothing until the frame: 200 pushes did not cost 200 renders.
    expect(renders).toBe(before);
    expect(runFrame).not.toBeNull();
    act(() => runFrame?.());
    expect(result.current).toHaveLength(200);
    expect(renders).toBe(before + 1);
  });
});
