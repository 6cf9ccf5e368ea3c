import type { RealtimePush } from '@sc/contract';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RealtimeConnection, useRealtime } from './realtime';
import { FakeWebSocket } from './realtime-fake';
import { resyncQuery, useResync } from './realtime-resync';

/** The server's side: a device whose state changes whether or not the screen is subscribed. */
let serverState = 0;
let reads = 0;
let release: (() => void) | null = null;
let holdReads = false;

function connection() {
  return new RealtimeConnection({
    token: () => 'tok',
    lang: () => 'en_US',
    userId: () => 1,
    url: (t) => `ws://test/api/ws?token=${t}`,
    create: (url) => new FakeWebSocket(url) as unknown as WebSocket,
  });
}

async function read() {
  reads++;
  const state = serverState;
  if (holdReads) await new Promise<void>((resolve) => (release = resolve));
  return { state };
}

function LiveState({ rt }: { rt: RealtimeConnection }) {
  const client = useQueryClient();
  const key = ['device', 1];
  const query = useQuery({ queryKey: key, queryFn: read, staleTime: 60_000 });
  const resync = useResync();
  useRealtime(
    { devices: [1] },
    (push: RealtimePush) => {
      if (push.kind === 'state') client.setQueryData(key, { state: push.activeState });
    },
    { connection: rt, onLive: resync(key) },
  );
  return <div data-testid="state">{query.data ? `state ${query.data.state}` : 'loading'}</div>;
}

function withClient(client: QueryClient, node: ReactNode) {
  return <QueryClientProvider client={client}>{node}</QueryClientProvider>;
}

beforeEach(() => {
  serverState = 0;
  reads = 0;
  holdReads = false;
  release = null;
  FakeWebSocket.reset();
});
afterEach(() => {
  release?.();
});

describe('a push-fed screen once its subscription is live', () => {
  it('reads again when the socket opens after its first read: the push sent before it is not missed', async () => {
    const rt = connection();
    const client = new QueryClient();
    render(withClient(client, <LiveState rt={rt} />));
    await screen.findByText('state 0');
    // The device comes online while the socket is still opening: its push reaches nobody.
    serverState = 1;
    act(() => FakeWebSocket.last!.open());
    await screen.findByText('state 1');
    expect(reads).toBe(2);
  });

  it('reads again after the read in flight when the socket opens meanwhile', async () => {
    const rt = connection();
    const client = new QueryClient();
    holdReads = true;
    render(withClient(client, <LiveState rt={rt} />));
    await waitFor(() => expect(release).not.toBeNull());
    act(() => FakeWebSocket.last!.open());
    serverState = 1;
    holdReads = false;
    act(() => release?.());
    await screen.findByText('state 1');
    expect(reads).toBe(2);
  });

  it('shows the cached answer again only until it is read anew, and a reconnect reads again', async () => {
    const rt = connection();
    const client = new QueryClient();
    const first = render(withClient(client, <LiveState rt={rt} />));
    await screen.findByText('state 0');
    act(() => FakeWebSocket.last!.open());
    await waitFor(() => expect(reads).toBe(2));
    first.unmount();
    // Away from the screen, the device changed; back on it, the cached answer is read again.
    serverState = 1;
    render(withClient(client, <LiveState rt={rt} />));
    await screen.findByText('state 1');
    expect(reads).toBe(3);
    // A dropped socket misses pushes until it reconnects; then the screen reads again.
    act(() => FakeWebSocket.last!.drop());
    serverState = -1;
    await act(() => new Promise((resolve) => setTimeout(resolve, 1100)));
    act(() => FakeWebSocket.last!.open());
    await screen.findByText('state -1');
    expect(reads).toBe(4);
  });

  it('keeps the first read of a screen that subscribes on an open socket', async () => {
    const client = new QueryClient();
    let fetches = 0;
    client.setQueryDefaults(['k'], { queryFn: () => ++fetches });
    const pending = client.fetchQuery({ queryKey: ['k'] });
    resyncQuery(client, ['k'], false);
    await pending;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetches).toBe(1);
  });
});
