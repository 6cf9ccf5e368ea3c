import { WHM_PICK_INTERVAL, type WhmConfigBody } from '@sc/contract/families/whm';
import type { Actor, FamilyContext } from '../family-handler.js';
import type { PageWindow } from '../kit/device-list.js';
import type { FamilyDevice } from '../kit/devices.repository.js';
import type { ProjectReach } from '../kit/project-reach.js';
import { withLatestReading } from '../kit/readings.repository.js';
import { createWhmRepository, type WhmPageFilter } from './whm.repository.js';

const intOrNull = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** What the meter calls do beyond the kit: the list with latest readings, config and the in-use flag. */
export function createWhmService(ctx: FamilyContext) {
  const repo = ctx.repository(createWhmRepository);

  const config = (device: FamilyDevice) => ({
    id: device.id,
    peripheralIndex: intOrNull(device.props.peripheralIndex),
    pickInterval: intOrNull(device.props.pickInterval) ?? WHM_PICK_INTERVAL.default,
  });

  /** Stores type properties, drops the cached directory entry and writes the management log. */
  const saveProps = async (actor: Actor, device: FamilyDevice, patch: Record<string, unknown>, summary: string) => {
    const props = { ...device.props, ...patch };
    await ctx.devices.setProps(device.id, props);
    ctx.iot.directory.forget(device.id);
    const changes = Object.fromEntries(
      Object.entries(patch).map(([k, to]) => [k, { from: device.props[k] ?? null, to }]),
    );
    await ctx.audit.manage(actor, { action: 'update', entity: 'device', entityId: device.id, summary, changes });
    return props;
  };

  return {
    readings: repo.readings,

    async page(projectId: number | ProjectReach, filter: WhmPageFilter, window: PageWindow) {
      const { rows, total } = await repo.page(projectId, filter, window);
      const list = (await withLatestReading(repo.readings, rows)).map(([{ props, lastActiveAt, ...d }, last]) => {
        return {
          ...d,
          lastActiveAt: lastActiveAt?.toISOString() ?? null,
          peripheralIndex: intOrNull((props as Record<string, unknown>).peripheralIndex),
          pickedAt: last?.at.toISOString() ?? null,
          reading: last?.reading ?? null,
          power: last?.power ?? null,
        };
      });
      return { rows: list, total };
    },

    config,

    /** Saves the config, then tells a connected meter (an offline one is told nothing: it reads it on reconnect). */
    async setConfig(actor: Actor, device: FamilyDevice, body: WhmConfigBody) {
      await saveProps(actor, device, body, `${device.name} config`);
      let delivered = false;
      try {
        const outcome = await ctx.iot.bus.send(actor, device, 'config', body);
        delivered = outcome.ok;
      } catch {
        // Offline or silent: the configuration is the platform's; the meter is sent it when asked again.
      }
      return { ...config({ ...device, props: { ...device.props, ...body } }), delivered };
    },

    async setInUse(actor: Actor, device: FamilyDevice, inUse: boolean) {
      await saveProps(actor, device, { inUse }, `${device.name} ${inUse ? 'in use' : 'out of use'}`);
      return { id: device.id, inUse };
    },
  };
}
