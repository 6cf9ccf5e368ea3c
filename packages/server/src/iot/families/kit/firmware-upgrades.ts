import { randomUUID } from 'node:crypto';
import {
  checkFirmwareFile,
  type FirmwareSpec,
  firmwareProblemParams,
  type Upgrade,
  type UpgradeState,
} from '@sc/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { AppError, fieldError } from '../../../platform/errors.js';
import { deviceOffline } from '../../command-bus.js';
import type { Actor, FamilyContext, SessionContext } from '../family-handler.js';
import { iso, type Row, rows } from './raw-rows.js';

function present(r: Row): Upgrade {
  const sent = Number(r.sent);
  const total = Number(r.total);
  return {
    upgradeId: String(r.id),
    deviceId: Number(r.device_id),
    fileName: String(r.file_name),
    version: String(r.version),
    size: Number(r.size),
    sent,
    total,
    percent: total ? Math.round((sent / total) * 1000) / 10 : 0,
    state: String(r.state) as UpgradeState,
    error: (r.error as string | null) ?? null,
    startedAt: iso(r.started_at)!,
    finishedAt: iso(r.finished_at),
  };
}

export function createUpgradesRepository(db: Db) {
  return {
    create: (u: {
      id: string;
      projectId: number;
      deviceId: number;
      fileName: string;
      version: string;
      size: number;
      total: number;
    }) =>
      db.execute(
        sql`INSERT INTO device_upgrades (id, project_id, device_id, file_name, version, size, total)
          VALUES (${u.id}, ${u.projectId}, ${u.deviceId}, ${u.fileName}, ${u.version}, ${u.size}, ${u.total})`,
      ),
    update: (id: string, sent: number, state: UpgradeState, error: string | null) =>
      db.execute(
        sql`UPDATE device_upgrades SET sent = ${sent}, state = ${state}, error = ${error},
          finished_at = CASE WHEN ${state} = 'running' THEN NULL ELSE now() END WHERE id = ${id}`,
      ),
    async last(deviceId: number) {
      const [r] = await rows(
        db,
        sql`SELECT * FROM device_upgrades WHERE device_id = ${deviceId} ORDER BY started_at DESC LIMIT 1`,
      );
      return r ? present(r) : null;
    },
  };
}

/** An upgrade still running after this long is not in the way of a new one. */
const BUSY_MS = 30 * 60_000;

/**
 * The firmware trait's rules: the file checked against the family's spec (type, size, header; refused
 * with the reason in the caller's language), one upgrade of a device at a time, the image sent to an
 * online device in chunks in the background (one operation-log entry), progress stored every half
 * second and pushed as realtime `firmware` messages to the device's project.
 */
export function createFirmwareUpgrades(ctx: FamilyContext, type: string, spec: FirmwareSpec) {
  const repo = ctx.repository(createUpgradesRepository);
  /**
   * Upgrades this process is sending. A row still `running` that is not among them and began before
   * this process started was left by a previous one (a restart ends its background sending): it is
   * marked failed (`firmware.interrupted`) when read or when a new upgrade of the device asks, instead
   * of blocking new upgrades for 30 minutes.
   */
  const runningHere = new Set<string>();
  const processStartedAt = Date.now();
  async function lastOf(deviceId: number) {
    const last = await repo.last(deviceId);
    if (
      last?.state === 'running' &&
      !runningHere.has(last.upgradeId) &&
      new Date(last.startedAt).getTime() < processStartedAt
    ) {
      await repo.update(last.upgradeId, last.sent, 'failed', 'firmware.interrupted');
      return repo.last(deviceId);
    }
    return last;
  }
  const device = (session: SessionContext, projectId: number, id: number) =>
    ctx.devices.get(session, projectId, id, type);

  return {
    device,
    last: async (session: SessionContext, projectId: number, id: number) =>
      lastOf((await device(session, projectId, id)).id),

    /** Checks the file, then sends it in chunks in the background; answers the upgrade as started. */
    async upgrade(actor: Actor, projectId: number, id: number, fileName: string, bytes: Buffer): Promise<Upgrade> {
      const target = await device(actor.session, projectId, id);
      const check = checkFirmwareFile(spec, fileName, bytes);
      if (!check.ok) throw fieldError('file', `firmware.${check.error}`, 'VALIDATION', firmwareProblemParams(spec));
      const last = await lastOf(target.id);
      if (last?.state === 'running' && Date.now() - new Date(last.startedAt).getTime() < BUSY_MS)
        throw new AppError(409, 'CONFLICT', 'firmware.busy');
      if (target.activeState !== 1) throw deviceOffline();
      const upgradeId = randomUUID();
      const total = Math.ceil(bytes.length / spec.chunkBytes);
      const name = fileName.slice(0, 255);
      await repo.create({
        id: upgradeId,
        projectId: target.projectId,
        deviceId: target.id,
        fileName: name,
        version: check.version,
        size: bytes.length,
        total,
      });
      const startedAt = new Date().toISOString();
      const push = (sent: number, state: UpgradeState, error: string | null) =>
        ctx.iot.hub.publish({
          kind: 'firmware',
          deviceId: target.id,
          projectId: target.projectId,
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
            const chunk = bytes.subarray(index * spec.chunkBytes, (index + 1) * spec.chunkBytes);
            const outcome = await ctx.iot.bus.send(
              actor,
              target,
              'upgrade',
              { upgradeId, version: check.version, size: bytes.length, index, total, data: chunk.toString('base64') },
              // One operation-log entry for the upgrade (its first chunk), not one per chunk.
              { log: index === 0, push: false },
            );
            if (!outcome.ok) throw new Error(outcome.error ?? 'upgrade');
            sent = index + 1;
            if (Date.now() - lastSave > 500 || sent === total) {
              lastSave = Date.now();
              if (sent < total) await repo.update(upgradeId, sent, 'running', null);
            }
            push(sent, 'running', null);
          }
          await repo.update(upgradeId, sent, 'done', null);
          push(sent, 'done', null);
        } catch (error) {
          const code = (error as { code?: string }).code;
          const reason =
            code === 'DEVICE_OFFLINE'
              ? 'firmware.offline'
              : code === 'DEVICE_TIMEOUT'
                ? 'firmware.timeout'
                : String((error as Error).message ?? error).slice(0, 500);
          await repo.update(upgradeId, sent, 'failed', reason).catch(() => {});
          push(sent, 'failed', reason);
        } finally {
          runningHere.delete(upgradeId);
        }
      };
      void run();
      return {
        upgradeId,
        deviceId: target.id,
        fileName: name,
        version: check.version,
        size: bytes.length,
        sent: 0,
        total,
        percent: 0,
        state: 'running',
        error: null,
        startedAt,
        finishedAt: null,
      };
    },
  };
}
