/**
 * What devices run on their own clock (a lamp controller's policies in use, as its family sends them),
 * by device type: the family that keeps them provides them, a family whose devices carry such devices
 * (a power-line gateway) reads them to hand them over, and neither names the other.
 */
export type ScheduleDefinition = { policies: unknown[] } & Record<string, unknown>;

/** The definitions of these devices of one project (the provider's answer leaves out devices it does not know). */
export type ScheduleSource = (projectId: number, deviceIds: number[]) => Promise<Map<number, ScheduleDefinition>>;

export function createDeviceSchedules() {
  const sources = new Map<string, ScheduleSource>();
  return {
    /** The family of `type` says how to read its devices' schedules (once, when its routes are registered). */
    provide(type: string, source: ScheduleSource) {
      sources.set(type, source);
    },
    /** The schedules of devices of `type`: none when no family provides them. */
    async of(type: string, projectId: number, deviceIds: number[]): Promise<Map<number, ScheduleDefinition>> {
      const source = sources.get(type);
      if (!source || deviceIds.length === 0) return new Map();
      return source(projectId, deviceIds);
    },
  };
}

export type DeviceSchedules = ReturnType<typeof createDeviceSchedules>;
