import { type Query, type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { LiveListener } from './realtime';

/**
 * Reads a push-fed query again once its subscription is live, so that no push sent before then is
 * missed: now, when it holds data read earlier (a cached page shown again, a socket reopened after a
 * drop); after the read in flight, when a (re)opened socket carries the subscription, since that read
 * left before the server sent it pushes. A read in flight when the subscription joins an open socket
 * began with it and is kept. `exact: false` takes every query under the key (a list's pages and filters).
 */
export function resyncQuery(client: QueryClient, queryKey: QueryKey, reopened: boolean, exact = true): void {
  const cache = client.getQueryCache();
  for (const query of cache.findAll({ queryKey, exact })) resync(client, query, reopened);
}

function resync(client: QueryClient, query: Query, reopened: boolean) {
  const cache = client.getQueryCache();
  const invalidate = () => void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
  // A socket opens as the page opens: its read waits until the browser is idle, not to lengthen the
  // page's first tasks (the answer usually confirms what was read).
  const reread = reopened ? () => whenIdle(invalidate) : invalidate;
  if (query.state.fetchStatus !== 'fetching') {
    reread();
    return;
  }
  if (!reopened) return;
  const stop = cache.subscribe((event) => {
    if (event.query !== query) return;
    if (event.type === 'removed') stop();
    else if (query.state.fetchStatus !== 'fetching') {
      stop();
      reread();
    }
  });
}

/** `run` once the browser is idle (at most a second on), or at once where it cannot say (jsdom). */
function whenIdle(run: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
  else run();
}

/**
 * `resync(...keys)`: the `onLive` of a screen whose data under those keys (as they are at this render)
 * the pushes keep current.
 */
export function useResync(): (...queryKeys: QueryKey[]) => LiveListener {
  const client = useQueryClient();
  return (...queryKeys) =>
    (reopened) => {
      for (const key of queryKeys) resyncQuery(client, key, reopened);
    };
}
