import type { Db } from '../db/client.js';
import {
  createDeviceDirectoryRepository,
  type DeviceDirectoryRepository,
  type DirectoryEntry,
} from './device-directory.repository.js';

export type { DirectoryEntry } from './device-directory.repository.js';

/** Equipment ids looked up in one statement at most (one array parameter, however many). */
const MAX_BATCH = 1000;

export interface DirectoryOptions {
  /** How long an entry may serve without being looked up again. */
  ttlMs?: number;
  /**
   * Age from which an entry in use is looked up again in the background while it goes on serving, so
   * that a device heard steadily never waits for its lookup (default: three quarters of `ttlMs`).
   */
  refreshAfterMs?: number;
  /** The clock (tests move it). */
  now?: () => number;
}

interface Cached {
  at: number;
  entry: DirectoryEntry | null;
}

/**
 * Equipment id → device, cached so that authentication and every uplink message do not each cost a
 * query. A burst of messages must not become a burst of statements: a device's lookup is shared by
 * everyone asking while it is pending, the lookups asked for in one turn of the event loop (and while
 * the previous statement runs) go out as one `= ANY($1)` statement, and an entry in use is refreshed
 * in the background before it expires. `forget` drops an entry when the registry changes it (register,
 * edit, delete); a lookup already running then answers its callers but is not kept.
 */
export function createDeviceDirectory(db: Db | DeviceDirectoryRepository, options: DirectoryOptions = {}) {
  const repository = 'byEquipmentIds' in db ? db : createDeviceDirectoryRepository(db);
  const ttlMs = options.ttlMs ?? 30_000;
  const refreshAfterMs = options.refreshAfterMs ?? Math.floor(ttlMs * 0.75);
  const now = options.now ?? Date.now;
  const cache = new Map<string, Cached>();
  const byId = new Map<number, string>();
  /** Each equipment id being looked up (queued or in the running statement): its callers share it. */
  const pending = new Map<string, Promise<DirectoryEntry | null>>();
  /** Ids waiting for the next statement, with how to answer their callers. */
  let queue = new Map<string, { resolve(e: DirectoryEntry | null): void; reject(error: unknown): void }>();
  let scheduled = false;
  let running = false;
  /** Bumped by `forget` and `clear`: an entry looked up before is answered but not cached. */
  const generation = new Map<string, number>();
  let era = 0;
  const stats = { lookups: 0, statements: 0, refreshes: 0 };

  const remember = (equipmentId: string, entry: DirectoryEntry | null) => {
    cache.set(equipmentId, { at: now(), entry });
    if (entry) byId.set(entry.id, equipmentId);
  };

  async function runBatches() {
    running = true;
    try {
      while (queue.size > 0) {
        const all = [...queue];
        const batch = all.slice(0, MAX_BATCH);
        queue = new Map(all.slice(MAX_BATCH));
        const ids = batch.map(([id]) => id);
        const startedEra = era;
        const started = new Map(ids.map((id) => [id, generation.get(id) ?? 0]));
        /** Not forgotten since the statement began: its answer may be kept. */
        const current = (id: string) => era === startedEra && (generation.get(id) ?? 0) === started.get(id);
        stats.statements++;
        let found: Map<string, DirectoryEntry>;
        try {
          const rows = await repository.byEquipmentIds(ids);
          found = new Map();
          // A device occupying more than one production item: the first, as a single lookup had it.
          for (const row of rows) if (!found.has(row.equipmentId)) found.set(row.equipmentId, row);
        } catch (error) {
          for (const [id, waiter] of batch) {
            if (current(id)) pending.delete(id);
            waiter.reject(error);
          }
          continue;
        }
        for (const [id, waiter] of batch) {
          const entry = found.get(id) ?? null;
          if (current(id)) {
            remember(id, entry);
            pending.delete(id);
          }
          waiter.resolve(entry);
        }
      }
    } finally {
      running = false;
    }
  }

  /** The id's lookup, shared with whoever asked for it already and batched with the others of this turn. */
  function lookup(equipmentId: string): Promise<DirectoryEntry | null> {
    const shared = pending.get(equipmentId);
    if (shared) return shared;
    stats.lookups++;
    const promise = new Promise<DirectoryEntry | null>((resolve, reject) =>
      queue.set(equipmentId, { resolve, reject }),
    );
    pending.set(equipmentId, promise);
    if (!scheduled && !running) {
      scheduled = true;
      // Everything asked for in this turn of the event loop goes out in the same statement.
      setImmediate(() => {
        scheduled = false;
        if (!running) void runBatches();
      });
    }
    return promise;
  }

  /** Looks an entry up again in the background; it goes on serving meanwhile (a failure keeps it). */
  function refresh(equipmentId: string) {
    if (pending.has(equipmentId)) return;
    stats.refreshes++;
    lookup(equipmentId).catch(() => undefined);
  }

  return {
    stats,

    async get(equipmentId: string): Promise<DirectoryEntry | null> {
      const hit = cache.get(equipmentId);
      if (hit) {
        const age = now() - hit.at;
        if (age < ttlMs) {
          if (age >= refreshAfterMs) refresh(equipmentId);
          return hit.entry;
        }
      }
      return lookup(equipmentId);
    },

    /** Equipment ids of a gateway's children (who it may speak for). */
    childrenOf: (parentId: number) => repository.childrenOf(parentId),

    forget(deviceId: number) {
      const equipmentId = byId.get(deviceId);
      if (equipmentId) {
        cache.delete(equipmentId);
        // A lookup still queued reads the device as it is now: it stays shared.
        if (!queue.has(equipmentId)) pending.delete(equipmentId);
        generation.set(equipmentId, (generation.get(equipmentId) ?? 0) + 1);
      }
      // The id stays known: a lookup running now must not be kept after a second change either.
    },

    clear: () => {
      cache.clear();
      byId.clear();
      for (const id of [...pending.keys()]) if (!queue.has(id)) pending.delete(id);
      era++;
    },
  };
}

export type DeviceDirectory = ReturnType<typeof createDeviceDirectory>;
