import { randomUUID } from 'node:crypto';
import {
  checkFirmware,
  localClock,
  MTC_ALARM_DEFAULT,
  MTC_ALARM_EVENT,
  MTC_ALARM_KINDS,
  MTC_ALARM_RANGES,
  MTC_DEFAULT_PORT,
  MTC_FIRMWARE,
  MTC_READINGS,
  type MtcAlarmConfig,
  type MtcPolicy,
  type MtcPolicyBody,
  type MtcThreshold,
  mtcAlarmConfigBody,
  mtcCommBody,
  mtcDaySchedule,
  mtcManifest,
  mtcPeripheralsBody,
  mtcYearSchedule,
  toMtcTime,
} from '@sc/contract';
import { AppError, badRequest, conflictField, fieldError, notFound } from '../../../platform/errors.js';
import { createReferencesRepository } from '../../../platform/references/references.repository.js';
import { createReferences } from '../../../platform/references/references.service.js';
import { deviceOffline } from '../../command-bus.js';
import type { Actor, FamilyContext, SessionContext } from '../family-handler.js';
import { sendCommand, tellDevice } from '../kit/device-commands.js';
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
  const refs = ctx.repository((db) => createReferences(createReferencesRepository(db)));

  void (async () => {
    try {
      eventIntervalDefault.seconds = await ctx.settings.get('sameEventInterval');
      for (const [id, s] of await repo.eventIntervals()) eventIntervals.set(id, s);
    } catch {
      // A fresh database without the table yet: the defaults hold.
    }
  })();

  /**
   * Upgrades this process is sending. A row still `running` that is not among them and began before
   * this process started was left by a previous one (a restart ends its background sending): it is
   * marked failed (`mtc.firmware.interrupted`) when read or when a new upgrade of the cabinet asks,
   * instead of blocking new upgrades for 30 minutes.
   */
  const runningHere = new Set<string>();
  const processStartedAt = Date.now();
  async function lastUpgradeOf(deviceId: number) {
    const last = await repo.lastUpgrade(deviceId);
    if (
      last?.state === 'running' &&
      !runningHere.has(last.upgradeId) &&
      new Date(last.startedAt).getTime() < processStartedAt
    ) {
      await repo.updateUpgrade(last.upgradeId, last.sent, 'failed', 'mtc.firmware.interrupted');
      return repo.lastUpgrade(deviceId);
    }
    return last;
  }

  const cabinet = (session: SessionContext, projectId: number, id: number) =>
    ctx.devices.get(session, projectId, id, TYPE);

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
  const tell = (actor: Actor, target: Awaited<ReturnType<typeof cabinet>>, command: string, args: unknown) =>
    tellDevice(ctx, actor, target, command, args as object);

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

  // ── Settings: defaults a cabinet has before anyone configured it

  function defaults(part: Part, device: { props: Record<string, unknown>; communicateAddress?: string | null }) {
    switch (part) {
      case 'config':
        return {
          address:
            String(device.props.address ?? '')
              .replace(/[^A-Za-z0-9]/g, '')
              .slice(0, 16) || '1',
          upServer: '127.0.0.1',
          upPort: Number(device.props.upPort ?? MTC_DEFAULT_PORT) || MTC_DEFAULT_PORT,
          upProtocol: (device.props.upProtocol as string) ?? 'tcp',
        };
      case 'comm':
        return mtcCommBody.parse({});
      case 'peripherals':
        return mtcPeripheralsBody.parse({ peripherals: [] });
      case 'alarm_config':
        return { ...MTC_ALARM_DEFAULT, sameEventInterval: eventIntervalDefault.seconds };
    }
  }
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
      ...(defaults('alarm_config', { props: {} }) as MtcAlarmConfig),
      overCurrent: of('mtcOverCurrent', 'overCurrent'),
      overVoltage: of('mtcOverVoltage', 'overVoltage'),
      leakage: of('mtcLeakage', 'leakage'),
      temperature: of('mtcTemperature', 'temperature'),
      phaseCurrentDiff: of('mtcPhaseCurrentDiff', 'phaseCurrentDiff'),
    };
  }
  const AT: Record<Part, string> = {
    config: 'config_at',
    comm: 'comm_at',
    peripherals: 'peripherals_at',
    alarm_config: 'alarm_at',
  };
  const COMMAND: Record<Part, string> = {
    config: 'config',
    comm: 'comm',
    peripherals: 'peripherals',
    alarm_config: 'alarmconfig',
  };

  async function readSettings(session: SessionContext, projectId: number, id: number, part: Part) {
    const device = await cabinet(session, projectId, id);
    const row = await repo.settings(device.id);
    const stored = row?.[part] ?? null;
    const value =
      (typeof stored === 'string' ? JSON.parse(stored) : stored) ??
      (part === 'alarm_config' ? await alarmDefaults() : defaults(part, device));
    const at = row?.[AT[part]];
    return { ...value, updatedAt: at ? new Date(at as string).toISOString() : null, delivered: false };
  }

  /** Stores a setting as its body schema parsed it; the answer is that value, stored and told. */
  async function writeSettings<V extends Record<string, unknown>>(
    actor: Actor,
    projectId: number,
    id: number,
    part: Part,
    value: V,
  ) {
    const device = await cabinet(actor.session, projectId, id);
    const at = new Date();
    await repo.saveSettings(device.id, device.projectId, part, value, at);
    if (part === 'alarm_config') eventIntervals.set(device.id, Number(value.sameEventInterval));
    await ctx.audit.manage(actor, {
      action: 'update',
      entity: 'device',
      entityId: device.id,
      summary: device.name,
      changes: Object.keys(value).map((field) => ({ field: `${part}.${field}`, from: null, to: value[field] })),
    });
    const delivered = await tell(actor, device, COMMAND[part], value);
    return { ...value, updatedAt: at.toISOString(), delivered };
  }

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
   * started: `whenOnline`) is sent, once, what it may have missed: its stored settings (config, comm,
   * peripherals, alarm config) and then its policies, always, so that it ends up with exactly the
   * server's: none in use is sent as an empty list, which clears what it ran (a policy removed while
   * it was offline). The runtime's resender stops the round at the first undelivered command.
   */
  const resender = ctx.iot.resendWhenOnline(TYPE, async (change) => {
    const [target] = await repo.targets(change.projectId, [change.id]);
    if (!target) return null;
    const row = await repo.settings(change.id);
    const commands: [string, Record<string, unknown>][] = [];
    for (const part of ['config', 'comm', 'peripherals', 'alarm_config'] as const) {
      const stored = row?.[part];
      if (stored !== null && stored !== undefined)
        commands.push([COMMAND[part], (typeof stored === 'string' ? JSON.parse(stored) : stored) as never]);
    }
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
    const p = await repo.policy(projectId, id);
    if (!p) throw notFound('mtc.errors.policyMissing');
    return p;
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

    readSettings,
    writeSettings,
    alarmConfigOf: (body: MtcAlarmConfig) => mtcAlarmConfigBody.parse(body),

    async setLocation(session: SessionContext, projectId: number, id: number, lng: number, lat: number) {
      const device = await cabinet(session, projectId, id);
      await repo.setLocation(device.id, lng, lat);
      ctx.iot.directory.forget(device.id);
      return { id: device.id, lng, lat };
    },

    // ── Firmware

    /** Checks the file, then sends it in chunks in the background; answers the upgrade as started. */
    async upgrade(actor: Actor, projectId: number, id: number, fileName: string, bytes: Buffer) {
      const device = await cabinet(actor.session, projectId, id);
      const check = checkFirmware(fileName, bytes);
      if (!check.ok) throw fieldError('file', `mtc.firmware.${check.error}`);
      const last = await lastUpgradeOf(device.id);
      if (last?.state === 'running' && Date.now() - new Date(last.startedAt).getTime() < 30 * 60_000)
        throw new AppError(409, 'CONFLICT', 'mtc.firmware.busy');
      if (device.activeState !== 1) throw deviceOffline();
      const upgradeId = randomUUID();
      const total = Math.ceil(bytes.length / MTC_FIRMWARE.chunkBytes);
      await repo.createUpgrade({
        id: upgradeId,
        projectId: device.projectId,
        deviceId: device.id,
        fileName: fileName.slice(0, 255),
        version: check.version,
        size: bytes.length,
        total,
      });
      const startedAt = new Date().toISOString();
      const push = (sent: number, state: 'running' | 'done' | 'failed', error: string | null) =>
        ctx.iot.hub.publish({
          kind: 'firmware',
          deviceId: device.id,
          projectId: device.projectId,
          upgradeId,
          version: check.version,
          sent,
          total,
          percent: Math.round((sent / total) * 1000) / 10,
          state,
          error,
          at: new Date().toISOString(),
        });
      runningHere.add(upgradeId);
      const run = async () => {
        let sent = 0;
        let lastSave = 0;
        try {
          for (let index = 0; index < total; index++) {
            const chunk = bytes.subarray(index * MTC_FIRMWARE.chunkBytes, (index + 1) * MTC_FIRMWARE.chunkBytes);
            const outcome = await ctx.iot.bus.send(
              actor,
              device,
              'upgrade',
              { upgradeId, version: check.version, size: bytes.length, index, total, data: chunk.toString('base64') },
              // One operation-log entry for the upgrade (its first chunk), not one per chunk.
              { log: index === 0, push: false },
            );
            if (!outcome.ok) throw new Error(outcome.error ?? 'upgrade');
            sent = index + 1;
            if (Date.now() - lastSave > 500 || sent === total) {
              lastSave = Date.now();
              if (sent < total) await repo.updateUpgrade(upgradeId, sent, 'running', null);
            }
            push(sent, 'running', null);
          }
          await repo.updateUpgrade(upgradeId, sent, 'done', null);
          push(sent, 'done', null);
        } catch (error) {
          const code = (error as { code?: string }).code;
          const reason =
            code === 'DEVICE_OFFLINE'
              ? 'mtc.firmware.offline'
              : code === 'DEVICE_TIMEOUT'
                ? 'mtc.firmware.timeout'
                : String((error as Error).message ?? error).slice(0, 500);
          await repo.updateUpgrade(upgradeId, sent, 'failed', reason).catch(() => {});
          push(sent, 'failed', reason);
        } finally {
          runningHere.delete(upgradeId);
        }
      };
      void run();
      return {
        upgradeId,
        deviceId: device.id,
        fileName: fileName.slice(0, 255),
        version: check.version,
        size: bytes.length,
        sent: 0,
        total,
        percent: 0,
        state: 'running' as const,
        error: null,
        startedAt,
        finishedAt: null,
      };
    },

    async lastUpgrade(session: SessionContext, projectId: number, id: number) {
      const device = await cabinet(session, projectId, id);
      return lastUpgradeOf(device.id);
    },

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
