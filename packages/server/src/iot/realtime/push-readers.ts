import {
  type ApiGrant,
  apiIndex,
  type CatalogueFunction,
  FAMILY_MANIFESTS,
  familyEndpoints,
  type RealtimePush,
} from '@sc/contract';

type Reader = { fn: CatalogueFunction; grant: ApiGrant };

/** The project's call that reads one device of any type: what a device of no family falls back to. */
const DEVICE_READ = 'GET /api/pjts/:projectId/devices.do/one/:id';

/**
 * Who may receive a device's pushes on the realtime channel: whoever may read the same through the
 * API, at the level of the calls that read it (DESIGN.md §4). A family's device (state, telemetry,
 * events, command results, firmware, batches) is read by the family's calls
 * (`GET /api/pjts/:projectId/iot/<slug>/…`); a device of no family, or of a family without calls, by
 * the project's device read. Built once from the catalogue.
 */
export function createPushReaders() {
  const index = apiIndex();
  const owners = (match: (key: string) => boolean): Reader[] =>
    [...index.entries()].filter(([key]) => match(key)).flatMap(([, list]) => list);
  const generic = owners((key) => key === DEVICE_READ);
  const byType = new Map<string, Reader[]>();
  for (const family of FAMILY_MANIFESTS) {
    const prefix = `GET ${familyEndpoints(family.slug).base}/`;
    const own = owners((key) => key.startsWith(prefix));
    byType.set(family.type, own.length ? own : generic);
  }
  const readersOf = (type: string | null) => (type && byType.get(type)) || generic;
  return {
    /** Whether a caller whose level on a function is `levelOf(fn)` may read pushes of devices of `type`. */
    reads: (levelOf: (fn: CatalogueFunction) => number, type: string | null) =>
      readersOf(type).some(({ fn, grant }) => levelOf(fn) >= grant.level),
  };
}

/** The device type a push names itself, `undefined` when it has to be looked up, `null` when none applies. */
export function pushType(push: RealtimePush): string | undefined | null {
  if ('type' in push) return push.type;
  if ('deviceId' in push) return undefined;
  return null;
}
