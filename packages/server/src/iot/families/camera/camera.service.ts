import { type PresetBody, type PtzBody, STREAM_MODES, type StreamMode } from '@sc/contract/families/camera';
import type { LiveState } from '@sc/contract/families/kit';
import { badRequest } from '../../../platform/errors.js';
import type { Actor, FamilyContext } from '../family-handler.js';
import { sendCommand } from '../kit/device-commands.js';
import type { PageWindow } from '../kit/device-list.js';
import type { FamilyDevice } from '../kit/devices.repository.js';
import type { ProjectReach } from '../kit/project-reach.js';
import { type CameraPageFilter, createCameraRepository } from './camera.repository.js';

const textOf = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const modeOf = (v: unknown): StreamMode | null => (STREAM_MODES.includes(v as StreamMode) ? (v as StreamMode) : null);
/** Whether the camera's properties say it has PTZ. */
export const hasPtz = (props: Record<string, unknown> | null | undefined) => props?.ptzSupported === true;

/** What the camera calls do beyond the kit: the list, PTZ only where the camera has it, snapshots. */
export function createCameraService(ctx: FamilyContext, liveOf: (id: number) => LiveState) {
  const repo = ctx.repository(createCameraRepository);
  const ptzOnly = (camera: FamilyDevice) => {
    if (!hasPtz(camera.props)) throw badRequest('camera.rules.noPtz', [{ field: 'action', key: 'camera.rules.noPtz' }]);
  };

  return {
    async page(project: number | ProjectReach, filter: CameraPageFilter, window: PageWindow) {
      const { rows, total } = await repo.page(project, filter, window);
      const list = rows.map(({ props, lastActiveAt, ...camera }) => {
        const own = (props ?? {}) as Record<string, unknown>;
        return {
          ...camera,
          parentName: camera.parentName ?? null,
          code: textOf(own.code),
          serialNumber: textOf(own.serialNumber),
          streamMode: modeOf(own.streamMode),
          ptzSupported: hasPtz(own),
          live: liveOf(camera.id),
          lastActiveAt: lastActiveAt?.toISOString() ?? null,
        };
      });
      return { rows: list, total };
    },

    /** Moves the camera (or stops it); refused for a camera without PTZ. */
    ptz(actor: Actor, camera: FamilyDevice, body: PtzBody) {
      ptzOnly(camera);
      return sendCommand(ctx, actor, camera, 'ptz', body);
    },

    /** Goes to, saves or clears a preset; refused for a camera without PTZ. */
    preset(actor: Actor, camera: FamilyDevice, body: PresetBody) {
      ptzOnly(camera);
      return sendCommand(ctx, actor, camera, 'preset', body);
    },

    /** Takes `count` pictures (the setting `cameraSnapshots` when not given). */
    async snapshot(actor: Actor, camera: FamilyDevice, count: number | undefined) {
      const n = count ?? Number(await ctx.settings.get('cameraSnapshots'));
      return sendCommand(ctx, actor, camera, 'snapshot', { count: n });
    },
  };
}
