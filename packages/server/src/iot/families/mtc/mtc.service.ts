import {
  localClock,
  MTC_ALARM_DEFAULT,
  MTC_ALARM_EVENT,
  MTC_ALARM_KINDS,
  MTC_ALARM_RANGES,
  MTC_DEFAULT_PORT,
  MTC_READINGS,
  type MtcPolicy,
  type MtcPolicyBody,
  type MtcThreshold,
  mtcDaySchedule,
  mtcManifest,
  mtcYearSchedule,
  toMtcTime,
} from '@sc/contract';
import { AppError, badRequest, conflictField, fieldError, notFound } from '../../../platform/errors.js';
import type { Actor, FamilyContext, SessionContext } from '../family-handler.js';
import { sendCommand } from '../kit/device-commands.js';
import { familyDeviceGetter, familyReferences } from '../kit/family-service.js';
import { LINK_PARTS } from '../kit/link-traits.js';
import { foundPolicy } from '../kit/policy-store.js';
import { createStoredSettings } from '../kit/stored-settings.js';
import { type CabinetTarget, createMtcRepository, presentPeripherals } from './mtc.repository.js';

const TYPE = mtcManifest.type;
type Part = 'config' | 'comm' | 'peripherals' | 'alarm_config';

/** Same-event minimum interval per cabinet (s): what the ingest's event filter reads (mtc.handler.ts). */
export const eventIntervals = new Map<number, number>();
export const eventIntervalDefault = { seconds: MTC_ALARM_DEFAULT.sameEventInterval };

/**
 * The rules of the MTC family (spec 001 §3-§5, §7 "mtc"): cabinets and their runtime, circuit control
 * through the command bus, settings stored then told to the cabinet, firmware upgrades in chunks with
 * live progress, policies and the cabinets using them. Every id a request names is checked against
 * the caller's project (references checker); SQL lives in the repository.
 */
export function createMtcService(ctx: FamilyContext) {
  const repo = ctx.repository(createMtcRepository);
  const refs = familyReferences(ctx);

  const cabinet = familyDeviceGetter(ctx, TYPE);

  /** Sends a command; offline (409) and silent (504) come from the bus with their localised messages. */
  async function send(
    actor: Actor | null,
    target: CabinetTarget | Awaited<ReturnType<typeof cabinet>>,
    command: string,
    args: Record<string, unknown>,
  ) {
    return sendCommand(ctx, actor, target, command, args);
  }
  /** Tells a connected cabinet; answers whether it was told (an offline one reads its settings when asked). */

  const circuitCountOf = (props: Record<string, unknown>) => {
    const n = Number(props.circuitCount);
    return Number.isInteger(n) && n >= 1 && n <= 32 ? n : 8;
  };
  const checkCircuits = (props: Record<string, unknown>, circuits: number[]) => {
    const count = circuitCountOf(props);
    const beyond = circuits.find((c) => c > count);
    if (beyond !== undefined)
      throw new AppError(400, 'VALIDATION', 'mtc.rules.circuitRange', { circuit: beyond, count }, [
        { field: 'circuit', key: 'mtc.rules.circuitRange' },
      ]);
  };

  // ── Settings: stored, told and resent by the kit's stored-settings trait (comm args and peripherals
  // are its link parts); a cabinet's own are its address and up link, and its alarm thresholds.

  /**
   * A new cabinet's alarm thresholds: the MTC threshold settings (spec 001 §9), each kept inside the
   * cabinet's own range (§5: a setting of 0 mA over-current becomes the 1000 mA a cabinet accepts).
   */
  async function alarmDefaults() {
    const s = await ctx.settings.all();
    const of = (key: string, k: MtcThreshold) => {
      const v = Number(s[key]);
      const [min, max] = MTC_ALARM_RANGES[k];
      return Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : MTC_ALARM_DEFAULT[k];
    };
    return {
      ...MTC_ALARM_DEFAULT,
      sameEventInterval: eventIntervalDefault.seconds,
      overCurrent: of('mtcOverCurrent', 'overCurrent'),
      overVoltage: of('mtcOverVoltage', 'overVoltage'),
      leakage: of('mtcLeakage', 'leakage'),
      temperature: of('mtcTemperature', 'temperature'),
      phaseCurrentDiff: of('mtcPhaseCurrentDiff', 'phaseCurrentDiff'),
    };
  }
  const settings = createStoredSettings(
    ctx,
    TYPE,
    {
      config: {
        command: 'config',
        defaults: (device) => ({
          address:
            String(device.props.address ?? '')
              .replace(/[^A-Za-z0-9]/g, '')
              .slice(0, 16) || '1',
          upServer: '127.0.0.1',
          upPort: Number(device.props.upPort ?? MTC_DEFAULT_PORT) || MTC_DEFAULT_PORT,
          upProtocol: (device.props.upProtocol as string) ?? 'tcp',
        }),
      },
      ...LINK_PARTS,
      alarm_config: {
        command: 'alarmconfig',
        defaults: alarmDefaults,
        onSaved: (deviceId, value) => eventIntervals.set(deviceId, Number(value.sameEventInterval)),
      },
    },
    { resend: false },
  );

  void (async () => {
    try {
      eventIntervalDefault.seconds = await ctx.settings.get('sameEventInterval');
      for (const [id, value] of await settings.all('alarm_config'))
        if (Number.isInteger(Number(value.sameEventInterval))) eventIntervals.set(id, Number(value.sameEventInterval));
    } catch {
      // A fresh database without the table yet: the defaults hold.
    }
  })();

  async function place(projectId: number, q: { cabinetId?: number; lng?: number; lat?: number }) {
    if (q.lng !== undefined && q.lat !== undefined) return { lng: q.lng, lat: q.lat, circuitCount: null };
    if (q.cabinetId !== undefined) {
      const row = await repo.cabinet(projectId, q.cabinetId);
      if (!row) throw fieldError('cabinetId', 'mtc.errors.cabinetMissing');
      if (row.lng === null || row.lat === null)
        throw badRequest('mtc.errors.noCoordinate', [{ field: 'cabinetId', key: 'mtc.errors.noCoordinate' }]);
      return { lng: row.lng, lat: row.lat, circuitCount: row.circuitCount };
    }
    throw badRequest('mtc.errors.noCoordinate', [{ field: 'cabinetId', key: 'mtc.errors.noCoordinate' }]);
  }

  /** Policies in use of a cabinet, as it runs them (sent with `policy`). */
  const policyArgs = async (target: CabinetTarget) => ({
    policies: (await repo.policiesOf(target.id))
      .filter((p) => p.inUse)
      .map((p) => ({ id: p.id, timeMode: p.timeMode, units: p.units, cycle: p.cycle, inUse: true })),
    timezone: await ctx.settings.get('timezone'),
    lng: target.lng,
    lat: target.lat,
  });

  /** Cabinets named by a request: each must be a cabinet of the project in the caller's scope. */
  async function cabinetsOf(session: SessionContext, projectId: number, ids: number[]) {
    const ref = { field: 'cabinetIds', key: 'mtc.errors.cabinetMissing' };
    const rows = await refs.devices(session, ids, projectId, ref);
    if (rows.some((r) => r.type !== TYPE)) throw fieldError(ref.field, ref.key);
    const targets = await repo.targets(projectId, [...new Set(ids)]);
    if (targets.length !== new Set(ids).size) throw fieldError(ref.field, ref.key);
    return targets;
  }

  /**
   * A cabinet that comes back (heard from again after being offline, or first heard since this server
   * started: `whenOnline`) is sent, once, its policies, always, so that it ends up with exactly the
   * server's: none in use is sent as an empty list, which clears what it ran (a policy removed while it
   * was offline), after its stored settings (config, alarm config, comm args, peripherals).
   */
  const resender = ctx.iot.resendWhenOnline(TYPE, async (change) => {
    const [target] = await repo.targets(change.projectId, [change.id]);
    if (!target) return null;
    const commands = await settings.storedCommands(change.id);
    commands.push(['policy', await policyArgs(target)]);
    return { target, commands };
  });

  /**
   * An edited policy reaches the cabinets using it without a new "use": each connected one is sent its
   * policies again, in the background (the edit answers at once); one offline now gets them when it
   * reconnects (`resend`).
   */
  async function retell(actor: Actor, projectId: number, policyId: number) {
    const ids = await repo.cabinetsUsing(policyId);
    if (!ids.length) return;
    for (const target of await repo.targets(projectId, ids))
      try {
        await ctx.iot.bus.send(actor, target, 'policy', await policyArgs(target));
      } catch {
        // Offline or silent: the reconnection round sends it.
      }
  }

  async function policyOr404(projectId: number, id: number) {
    return foundPolicy(await repo.policy(projectId, id));
  }

  return {
    repo,
    cabinet,
    send,
    resender,

    /**
     * POST :id/<command>: the arguments the cabinet needs beside the caller's. Switching circuits is
     * allowed in both modes: spec 001 names the modes (§4 "MTC modes: manual or policy") and no rule
     * against it, and a cabinet in policy mode keeps a manual switch until its schedule next moves
     * (docs/device-protocol.md "switch"), the override an operator needs at night without first
     * leaving policy mode. Switching to manual for good is the `mode` command.
     */
    async command(actor: Actor, projectId: number, id: number, name: string, body: Record<string, unknown>) {
      const device = await cabinet(actor.session, projectId, id);
      if (name === 'switch') checkCircuits(device.props, [Number(body.circuit)]);
      if (name === 'multiswitch' || name === 'writecircuits')
        checkCircuits(
          device.props,
          (body.circuits as { circuit: number }[]).map((c) => c.circuit),
        );
      const args = name === 'correcttime' ? { ...body, time: toMtcTime(new Date()) } : body;
      return send(actor, device, name, args);
    },

    async runtime(session: SessionContext, projectId: number, id: number) {
      // A child project's cabinet too (the list may include them): looked up in its own project.
      const device = await cabinet(session, projectId, id);
      const row = await repo.cabinet(device.projectId, id);
      if (!row) throw notFound();
      const since = await repo.alarmSince(
        row.id,
        row.alarms.map((k) => MTC_ALARM_EVENT[k]),
      );
      const v = row.values;
      const value = (k: string) => (typeof v[k] === 'number' ? (v[k] as number) : null);
      const phase = (p: 'A' | 'B' | 'C') => ({
        voltage: value(`voltage${p}`),
        current: value(`current${p}`),
        power: value(`power${p}`),
      });
      return {
        id: row.id,
        at: row.lastReportAt,
        state: row.state,
        mode: row.mode,
        deviceTime: row.deviceTime,
        version: row.version,
        circuitCount: row.circuitCount,
        circuits: row.circuits,
        phases: { a: phase('A'), b: phase('B'), c: phase('C') },
        values: Object.fromEntries(MTC_READINGS.map((r) => [r.key, value(r.key)])),
        peripherals: presentPeripherals(row.peripherals, row.lastReportAt),
        alarms: MTC_ALARM_KINDS.map((kind) => ({
          kind,
          active: row.alarms.includes(kind),
          since: row.alarms.includes(kind) ? (since.get(MTC_ALARM_EVENT[kind]) ?? null) : null,
        })),
      };
    },

    settings,

    // ── Policies

    policyOr404,

    async savePolicy(actor: Actor, projectId: number, body: MtcPolicyBody, id?: number) {
      await ctx.devices.project(actor.session, projectId);
      if (id !== undefined) await policyOr404(projectId, id);
      if (await repo.policyNoTaken(projectId, body.no, id)) throw conflictField('no', 'errors.duplicateNo');
      const policyId = id ?? (await repo.createPolicy(projectId, body));
      if (id !== undefined) await repo.updatePolicy(projectId, id, body);
      await ctx.audit.manage(actor, {
        action: id === undefined ? 'create' : 'update',
        entity: 'mtcPolicy',
        entityId: policyId,
        summary: body.name,
      });
      if (id !== undefined) void retell(actor, projectId, id);
      return (await repo.policy(projectId, policyId))!;
    },

    async deletePolicy(actor: Actor, projectId: number, id: number) {
      await ctx.devices.project(actor.session, projectId);
      const p = await policyOr404(projectId, id);
      if (p.cabinetCount > 0) throw new AppError(409, 'CONFLICT', 'mtc.errors.policyInUse');
      await repo.deletePolicy(projectId, id);
      await ctx.audit.manage(actor, { action: 'delete', entity: 'mtcPolicy', entityId: id, summary: p.name });
      return { id, deleted: true as const };
    },

    /** POST policies/:policyId/use | remove: stores the change, then tells each connected cabinet its policies. */
    async usePolicy(actor: Actor, projectId: number, policyId: number, cabinetIds: number[], remove = false) {
      await ctx.devices.project(actor.session, projectId);
      await policyOr404(projectId, policyId);
      const targets = await cabinetsOf(actor.session, projectId, cabinetIds);
      const ids = targets.map((c) => c.id);
      if (remove) await repo.removeFrom(policyId, ids);
      else await repo.useOn(policyId, ids);
      const results = await Promise.all(
        targets.map(async (target) => {
          try {
            const outcome = await ctx.iot.bus.send(actor, target, 'policy', await policyArgs(target));
            return {
              deviceId: target.id,
              name: target.name,
              delivered: outcome.ok,
              error: outcome.ok ? null : (outcome.error ?? 'error'),
            };
          } catch (error) {
            const code = (error as { code?: string }).code;
            return {
              deviceId: target.id,
              name: target.name,
              delivered: false,
              error: code === 'DEVICE_TIMEOUT' ? 'timeout' : 'offline',
            };
          }
        }),
      );
      return { policyId, total: results.length, delivered: results.filter((r) => r.delivered).length, results };
    },

    async preview(
      projectId: number,
      policyId: number,
      q: { cabinetId?: number; lng?: number; lat?: number; date?: string; year?: number; circuitCount?: number },
    ) {
      const p = await policyOr404(projectId, policyId);
      const where = await place(projectId, q);
      const tz = await ctx.settings.get('timezone');
      const policies: MtcPolicy[] = [{ id: p.id, timeMode: p.timeMode, units: p.units, cycle: p.cycle, inUse: true }];
      const count = q.circuitCount ?? where.circuitCount ?? Math.max(1, ...p.units.flatMap((u) => u.circuits));
      const date = q.date ?? (q.year ? undefined : localClock(new Date(), tz).date);
      const spot = { lng: where.lng, lat: where.lat };
      return {
        ...spot,
        timezone: tz,
        circuitCount: count,
        day: date ? mtcDaySchedule(policies, date, spot, tz, count) : null,
        year: q.year ? mtcYearSchedule(policies, q.year, spot, tz) : null,
      };
    },

    async cabinetPolicies(session: SessionContext, projectId: number, id: number) {
      const device = await cabinet(session, projectId, id);
      return repo.policiesOf(device.id);
    },
  };
}

export type MtcService = ReturnType<typeof createMtcService>;
