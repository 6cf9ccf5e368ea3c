import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { InstancesRepository } from './instances.repository.js';

/** An instance id's length: the first characters of every key of something that instance alone holds. */
export const INSTANCE_ID_LENGTH = 8;
const RENEW_MS = 15_000;
/** An instance not renewed for this long is taken as gone (four renewals missed). */
const ALIVE_MS = 60_000;
/** Other instances' addresses are remembered this long (they change only when an instance restarts). */
const REMEMBER_MS = 10_000;

/**
 * The address other instances reach this one at, when INSTANCE_URL does not say: the address it listens
 * on, or when that is every address, its first IPv4 that is not loopback.
 */
export function defaultInstanceUrl(listening: { address: string; port: number }): string {
  const any = listening.address === '0.0.0.0' || listening.address === '::';
  const host = any
    ? (Object.values(os.networkInterfaces())
        .flat()
        .find((a) => a && a.family === 'IPv4' && !a.internal)?.address ?? '127.0.0.1')
    : listening.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${listening.port}`;
}

/**
 * This server instance among the others on the same database. What only this instance holds (a live
 * stream's files, a call's audio, a live broadcast) is named by a key that starts with its id, so any
 * instance that receives a request for it knows whose it is and where to send it (http/instance-forward.ts).
 * Each instance writes its address in `server_instances` once it listens, renews it every 15 s and
 * deletes it when it stops; an address is trusted only from there, never from a request.
 */
export function createInstances(repo: InstancesRepository, options: { url?: string | null } = {}) {
  const id = randomBytes(6).toString('base64url');
  const known = new Map<string, { url: string | null; until: number }>();
  let url: string | null = null;
  let timer: NodeJS.Timeout | null = null;
  const renew = () => (url ? repo.renew(id, url) : Promise.resolve());

  return {
    id,
    /** A key of something this instance holds: its id, then random url-safe characters, `length` in all. */
    key(length: number): string {
      const random = randomBytes(Math.ceil(((length - INSTANCE_ID_LENGTH) * 3) / 4) + 1).toString('base64url');
      return id + random.slice(0, length - INSTANCE_ID_LENGTH);
    },
    /** The instance a key names, when it is another one (null: this instance's, or no instance's key). */
    otherOwner(key: string): string | null {
      if (key.length <= INSTANCE_ID_LENGTH) return null;
      const owner = key.slice(0, INSTANCE_ID_LENGTH);
      return owner === id ? null : owner;
    },
    /** Where another instance answers, if it is up (remembered a few seconds). */
    async urlOf(instance: string): Promise<string | null> {
      const now = Date.now();
      const hit = known.get(instance);
      if (hit && hit.until > now) return hit.url;
      const found = await repo.urlOf(instance, ALIVE_MS);
      if (known.size > 1000) known.clear();
      known.set(instance, { url: found, until: now + REMEMBER_MS });
      return found;
    },
    /** Says where this instance answers (once it listens), and keeps saying it. */
    async start(listening: { address: string; port: number }, log: (err: unknown) => void) {
      url = options.url || defaultInstanceUrl(listening);
      await renew();
      await repo.forget(ALIVE_MS * 10).catch(log);
      timer = setInterval(() => void renew().catch(log), RENEW_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      if (url) await repo.remove(id).catch(() => undefined);
    },
  };
}
export type Instances = ReturnType<typeof createInstances>;
