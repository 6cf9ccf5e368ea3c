import type { RealtimePush } from '@sc/contract';

/** One console tab's socket: what it listens to and how to reach it. */
export interface RealtimeClient {
  userId: number;
  devices: Set<number>;
  projects: Set<number>;
  send(push: RealtimePush): void;
}

/**
 * Fans pushes out to the sockets of this instance. `publish` goes through `broadcast` (the MQTT link's
 * internal topic when there is one) so that every server instance delivers to its own sockets; with
 * no link it delivers here directly.
 */
export function createRealtimeHub() {
  const clients = new Set<RealtimeClient>();
  let broadcast: ((push: RealtimePush) => void) | null = null;
  const observers: ((push: RealtimePush) => void)[] = [];
  const publishedHere: ((push: RealtimePush) => void)[] = [];

  const wants = (client: RealtimeClient, push: RealtimePush) => {
    if (push.kind === 'messages') return push.userIds.includes(client.userId);
    if (push.kind === 'batch') return client.projects.has(push.projectId);
    if ('deviceId' in push) return client.devices.has(push.deviceId) || client.projects.has(push.projectId);
    return false;
  };

  const deliver = (push: RealtimePush) => {
    for (const observe of observers) observe(push);
    for (const client of clients) if (wants(client, push)) client.send(push);
  };

  return {
    add: (client: RealtimeClient) => clients.add(client),
    remove: (client: RealtimeClient) => clients.delete(client),
    size: () => clients.size,
    /** Set by the runtime once the MQTT link is up. */
    useBroadcast(fn: ((push: RealtimePush) => void) | null) {
      broadcast = fn;
    },
    publish(push: RealtimePush) {
      for (const observe of publishedHere) observe(push);
      if (broadcast) broadcast(push);
      else deliver(push);
    },
    /** Sees every push this instance delivers (each instance receives all): the map keeps its states with it. */
    observe(fn: (push: RealtimePush) => void) {
      observers.push(fn);
    },
    /**
     * Sees the pushes this instance publishes, before they go out (`observe` sees every instance's once
     * delivered): what follows a device message, done once in a cluster, by the instance that handled it
     * (a shared subscription hands each message to one instance).
     */
    observePublished(fn: (push: RealtimePush) => void) {
      publishedHere.push(fn);
    },
    /** What arrived on the internal topic: this instance's share of the fan-out. */
    deliver,
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
