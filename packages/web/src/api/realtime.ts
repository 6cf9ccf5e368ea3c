import type { RealtimePush, RealtimeRequest } from '@sc/contract';
import { notifyManager } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { currentLang } from '../i18n/i18n';
import { getToken, getUser, subscribeSession } from '../session/store';
import { queryClient } from './query-client';
import { UNREAD_KEY } from './session-api';

/**
 * The console's realtime channel (DESIGN.md §8): one WebSocket per tab on /api/ws, shared by every
 * component through reference-counted subscriptions. It opens on the first subscription, reconnects
 * with exponential backoff (re-subscribing to everything still wanted), and closes when the session
 * ends. `{kind:'messages'}` pushes for the signed-in user refresh the frame's unread count.
 */

export type RealtimeListener = (push: RealtimePush) => void;
export interface RealtimeTopics {
  devices?: readonly number[];
  projects?: readonly number[];
}
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

/**
 * The subscription has just become live on the server. Pushes sent before it were not received:
 * `reopened` when a socket opened (or reopened) to carry it, so what was read before may be stale;
 * otherwise it joined an open socket, just as its screen mounted.
 */
export type LiveListener = (reopened: boolean) => void;

interface Subscription {
  devices: Set<number>;
  projects: Set<number>;
  listener: RealtimeListener;
  onLive?: LiveListener;
}

const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
/** An application ping keeps proxies from closing an idle socket. */
const PING_MS = 25_000;

/** The WebSocket URL of this page: same origin, ws:// or wss:// by the page's protocol. */
export function realtimeUrl(
  token: string,
  lang: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/ws?${new URLSearchParams({ token, lang })}`;
}

export class RealtimeConnection {
  private socket: WebSocket | null = null;
  private token: string | null = null;
  private readonly subscriptions = new Set<Subscription>();
  private readonly deviceCounts = new Map<number, number>();
  private readonly projectCounts = new Map<number, number>();
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private statusValue: RealtimeStatus = 'idle';
  private readonly statusListeners = new Set<() => void>();

  constructor(
    private readonly deps: {
      token: () => string | null;
      lang: () => string;
      userId: () => number | null;
      url: (token: string, lang: string) => string;
      onMessages?: () => void;
      create?: (url: string) => WebSocket;
      /**
       * Coalesces pushes: they wait in a queue until `frame` runs its callback, then reach the listeners
       * together in one batch of cache updates (one render per frame, not one per push). Without it each
       * push is dispatched as it arrives.
       */
      frame?: (run: () => void) => void;
      /** Wraps the dispatch of one frame's pushes (TanStack Query's notifyManager.batch). */
      batch?: (run: () => void) => void;
    },
  ) {}

  private queued: RealtimePush[] = [];
  private frameScheduled = false;

  private receive(push: RealtimePush) {
    if (!this.deps.frame) {
      this.dispatch(push);
      return;
    }
    this.queued.push(push);
    if (this.frameScheduled) return;
    this.frameScheduled = true;
    this.deps.frame(() => {
      this.frameScheduled = false;
      const pushes = this.queued;
      this.queued = [];
      const all = () => {
        for (const p of pushes) this.dispatch(p);
      };
      if (this.deps.batch) this.deps.batch(all);
      else all();
    });
  }

  get status(): RealtimeStatus {
    return this.statusValue;
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Subscribes to devices and projects; the returned function undoes exactly this subscription. */
  subscribe(topics: RealtimeTopics, listener: RealtimeListener, onLive?: LiveListener): () => void {
    const sub: Subscription = {
      devices: new Set(topics.devices ?? []),
      projects: new Set(topics.projects ?? []),
      listener,
      onLive,
    };
    this.subscriptions.add(sub);
    const added = {
      devices: increment(this.deviceCounts, sub.devices),
      projects: increment(this.projectCounts, sub.projects),
    };
    if (this.isOpen()) {
      this.sendTopics('subscribe', added);
      this.tellLive(sub, false);
    } else this.ensureConnected();
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.subscriptions.delete(sub);
      const removed = {
        devices: decrement(this.deviceCounts, sub.devices),
        projects: decrement(this.projectCounts, sub.projects),
      };
      if (this.isOpen()) this.sendTopics('unsubscribe', removed);
    };
  }

  /** Closes for good (sign-out); a later subscription opens a new socket with the new token. */
  close(): void {
    this.clearTimers();
    this.attempts = 0;
    const socket = this.socket;
    this.socket = null;
    this.token = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.onopen = null;
      socket.onerror = null;
      socket.close(1000);
    }
    this.setStatus('idle');
  }

  /** The session changed: a sign-out closes, a different token reconnects. */
  sessionChanged(): void {
    const token = this.deps.token();
    if (token === this.token) return;
    this.close();
    if (token && this.subscriptions.size > 0) this.ensureConnected();
  }

  private isOpen() {
    return this.socket !== null && this.socket.readyState === 1;
  }

  private ensureConnected() {
    if (this.socket || this.retryTimer) return;
    const token = this.deps.token();
    if (!token) return;
    this.token = token;
    const create = this.deps.create ?? ((url: string) => new WebSocket(url));
    let socket: WebSocket;
    try {
      socket = create(this.deps.url(token, this.deps.lang()));
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.setStatus('connecting');
    socket.onopen = () => {
      this.attempts = 0;
      this.setStatus('open');
      this.sendTopics('subscribe', {
        devices: [...this.deviceCounts.keys()],
        projects: [...this.projectCounts.keys()],
      });
      for (const sub of [...this.subscriptions]) this.tellLive(sub, true);
      this.pingTimer = setInterval(() => this.send({ op: 'ping' }), PING_MS);
    };
    socket.onmessage = (event: MessageEvent) => {
      let push: RealtimePush;
      try {
        push = JSON.parse(String(event.data)) as RealtimePush;
      } catch {
        return;
      }
      this.receive(push);
    };
    socket.onclose = () => {
      this.socket = null;
      this.clearTimers();
      this.setStatus('closed');
      this.scheduleRetry();
    };
    socket.onerror = () => {
      // onclose follows and schedules the retry.
    };
  }

  private scheduleRetry() {
    if (this.retryTimer || !this.deps.token()) return;
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** this.attempts);
    this.attempts++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.subscriptions.size > 0 || this.deviceCounts.size + this.projectCounts.size > 0) this.ensureConnected();
    }, delay);
  }

  private clearTimers() {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private tellLive(sub: Subscription, reopened: boolean) {
    try {
      sub.onLive?.(reopened);
    } catch (error) {
      console.error(error);
    }
  }

  private dispatch(push: RealtimePush) {
    if (push.kind === 'messages') {
      const userId = this.deps.userId();
      if (userId !== null && push.userIds.includes(userId)) this.deps.onMessages?.();
    }
    for (const sub of [...this.subscriptions]) {
      if ('deviceId' in push && !sub.devices.has(push.deviceId) && !sub.projects.has(push.projectId)) continue;
      try {
        sub.listener(push);
      } catch (error) {
        console.error(error);
      }
    }
  }

  private sendTopics(op: 'subscribe' | 'unsubscribe', topics: { devices: number[]; projects: number[] }) {
    if (topics.devices.length === 0 && topics.projects.length === 0) return;
    this.send({ op, devices: topics.devices, projects: topics.projects });
  }

  private send(request: RealtimeRequest) {
    if (this.isOpen()) this.socket!.send(JSON.stringify(request));
  }

  private setStatus(status: RealtimeStatus) {
    if (status === this.statusValue) return;
    this.statusValue = status;
    for (const listener of this.statusListeners) listener();
  }
}

/** Counts one more user of each id; answers the ids that were not wanted before. */
function increment(counts: Map<number, number>, ids: Set<number>): number[] {
  const added: number[] = [];
  for (const id of ids) {
    const n = counts.get(id) ?? 0;
    counts.set(id, n + 1);
    if (n === 0) added.push(id);
  }
  return added;
}

/** Counts one user fewer of each id; answers the ids nobody wants any more. */
function decrement(counts: Map<number, number>, ids: Set<number>): number[] {
  const removed: number[] = [];
  for (const id of ids) {
    const n = (counts.get(id) ?? 0) - 1;
    if (n > 0) counts.set(id, n);
    else {
      counts.delete(id);
      removed.push(id);
    }
  }
  return removed;
}

/**
 * The next animation frame, or 100 ms when frames stop (a hidden tab) so that pushes do not pile up.
 */
export function nextFrame(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    run();
  };
  const timer = setTimeout(once, 100);
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(once);
}

/** The tab's connection: pushes coalesced per animation frame, their cache updates notified once. */
export const realtime = new RealtimeConnection({
  frame: nextFrame,
  batch: (run) => notifyManager.batch(run),
  token: getToken,
  lang: currentLang,
  userId: () => getUser()?.userId ?? null,
  url: (token, lang) => realtimeUrl(token, lang),
  onMessages: () => void queryClient.invalidateQueries({ queryKey: UNREAD_KEY }),
});
subscribeSession(() => realtime.sessionChanged());

export interface RealtimeOptions {
  /**
   * Told each time the subscription becomes live (see LiveListener): a screen whose data the pushes
   * keep current reads it again there (`useResync`), or a push missed meanwhile stays missed. Required,
   * so that each live screen says what it reads again; null for one that keeps nothing read.
   */
  onLive: LiveListener | null;
  connection?: RealtimeConnection;
}

/**
 * Receives the pushes of the given devices and projects while the component is mounted. The
 * listeners may change between renders; the subscription only changes with the ids.
 */
export function useRealtime(topics: RealtimeTopics, onPush: RealtimeListener, options: RealtimeOptions) {
  const connection = options.connection ?? realtime;
  const listener = useRef(onPush);
  listener.current = onPush;
  const live = useRef(options.onLive);
  live.current = options.onLive;
  const devices = [...new Set(topics.devices ?? [])].sort((a, b) => a - b).join(',');
  const projects = [...new Set(topics.projects ?? [])].sort((a, b) => a - b).join(',');
  useEffect(() => {
    const ids = (s: string) => (s ? s.split(',').map(Number) : []);
    return connection.subscribe(
      { devices: ids(devices), projects: ids(projects) },
      (push) => listener.current(push),
      (reopened) => live.current?.(reopened),
    );
  }, [devices, projects, connection]);
}

/** The connection's state, for a "live" badge. */
export function useRealtimeStatus(connection: RealtimeConnection = realtime): RealtimeStatus {
  return useSyncExternalStore(
    (l) => connection.onStatus(l),
    () => connection.status,
    () => connection.status,
  );
}
