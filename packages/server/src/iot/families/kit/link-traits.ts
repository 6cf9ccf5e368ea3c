import {
  commBody,
  type FamilyManifest,
  type FirmwareSpec,
  type firmwareCalls,
  firmwareProblemParams,
  type linkCalls,
  type locationCalls,
  peripheralsBody,
} from '@sc/contract';
import { fieldError } from '../../../platform/errors.js';
import type { FamilyContext } from '../family-handler.js';
import { createFirmwareUpgrades } from './firmware-upgrades.js';
import { createStoredSettings, type StoredPart } from './stored-settings.js';
import type { Handlers, Loose } from './traits.js';

/**
 * The server part of the link, location and firmware traits (contract kit/link.ts and kit/firmware.ts):
 * a family spreads these handlers beside the calls it listed, and writes no code of its own for them.
 */

type Manifest = Pick<FamilyManifest, 'type'>;

/** The link trait's stored parts: comm args and peripherals, each told to the device by a command of its name. */
export const LINK_PARTS = {
  comm: { command: 'comm', defaults: () => commBody.parse({}) },
  peripherals: { command: 'peripherals', defaults: () => peripheralsBody.parse({ peripherals: [] }) },
} satisfies Record<string, StoredPart>;

/**
 * Comm args and peripherals (GET/PUT …/:id/comm, …/:id/peripherals) over the stored-settings trait;
 * `settings` is the family's store when it keeps parts of its own beside them.
 */
export function linkHandlers<S extends string>(
  ctx: FamilyContext,
  manifest: Manifest,
  settings = createStoredSettings(ctx, manifest.type, LINK_PARTS),
): Handlers<typeof linkCalls<S>> {
  const read = (part: 'comm' | 'peripherals') => (call: Loose) =>
    settings.read(call.session, call.params.projectId, call.params.id, part);
  const write = (part: 'comm' | 'peripherals') => (call: Loose) =>
    settings.write(call.actor, call.params.projectId, call.params.id, part, call.body);
  return {
    comm: read('comm'),
    setComm: write('comm'),
    peripherals: read('peripherals'),
    setPeripherals: write('peripherals'),
  } as never;
}

/** Location (PUT …/:id/location): the device's coordinates, which the device directory reads again. */
export function locationHandlers<S extends string>(
  ctx: FamilyContext,
  manifest: Manifest,
): Handlers<typeof locationCalls<S>> {
  return {
    setLocation: async (call: Loose) => {
      const device = await ctx.devices.get(call.session, call.params.projectId, call.params.id, manifest.type);
      const { lng, lat } = call.body as { lng: number; lat: number };
      await ctx.devices.setLocation(device.id, lng, lat);
      ctx.iot.directory.forget(device.id);
      return { id: device.id, lng, lat };
    },
  } as never;
}

/** Firmware (POST/GET …/:id/firmware): the multipart field `file` read within the spec's size, then the trait's rules. */
export function firmwareHandlers<S extends string>(
  ctx: FamilyContext,
  manifest: Manifest,
  spec: FirmwareSpec,
): Handlers<typeof firmwareCalls<S>> {
  const upgrades = createFirmwareUpgrades(ctx, manifest.type, spec);
  return {
    upgrade: async (call: Loose) => {
      await upgrades.device(call.session, call.params.projectId, call.params.id);
      const { request } = call;
      if (!request.isMultipart()) throw fieldError('file', 'firmware.missing');
      const file = await request.file({ limits: { fileSize: spec.maxBytes, files: 1 } });
      if (!file) throw fieldError('file', 'firmware.missing');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw fieldError('file', 'firmware.tooLarge', 'VALIDATION', firmwareProblemParams(spec));
        throw error;
      }
      return upgrades.upgrade(call.actor, call.params.projectId, call.params.id, file.filename, bytes);
    },
    lastUpgrade: (call: Loose) => upgrades.last(call.session, call.params.projectId, call.params.id),
  } as never;
}
