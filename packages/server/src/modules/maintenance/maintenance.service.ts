import {
  BILL_DETAIL_STATUS,
  BILL_STATUS,
  type BillPageQuery,
  type Lang,
  MAINTENANCE_LIMITS,
  type MaintenanceBillFull,
  msg,
  type PageQuery,
  type PolePageQuery,
} from '@sc/contract';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { pageWindow, toPage } from '../../platform/paging.js';
import type { References } from '../../platform/references/references.service.js';
import type { ProjectsRepository } from '../admin/projects/projects.repository.js';
import { iconMimeOf } from '../base/device-types/device-types.service.js';
import { pathProject } from '../base/path-project.js';
import type { Actor } from '../logs/audit.service.js';
import type { OperationEntry } from '../logs/operation-log.service.js';
import type { SessionContext } from '../session/session-context.js';
import type { SettingsService } from '../system/settings.service.js';
import type { AlarmWorkRepository } from './alarm-work.repository.js';
import { renderBillPdf } from './maintenance.pdf.js';
import type { MaintenanceRepository } from './maintenance.repository.js';

type Bill = NonNullable<Awaited<ReturnType<MaintenanceRepository['find']>>>;

export interface AlarmRef {
  alarmCode?: string;
  alarmAt?: string;
}

/**
 * Maintenance work orders (spec 001 §4): a bill is edited while `init` (header, devices), approved at
 * the check level (`checked`: no longer modifiable, its devices are maintained: completed or
 * abandoned, with a note and a photo), or canceled (neither). Messages go on the header and on
 * devices while the bill is not canceled. Every transition is a line of the operation log.
 */
export function createMaintenanceService(deps: {
  bills: MaintenanceRepository;
  alarms: AlarmWorkRepository;
  projects: ProjectsRepository;
  settings: SettingsService;
  refs: References;
  record: (entry: OperationEntry) => Promise<number>;
}) {
  const { bills } = deps;

  const log = (actor: Actor, command: string, target: { deviceId?: number; name: string }, args: unknown) =>
    deps.record({
      actor,
      deviceId: target.deviceId ?? null,
      deviceName: target.name,
      command,
      args,
      result: '',
      success: true,
      durationMs: 0,
    });

  /** A bill of the path's project; another project's does not exist for the caller. */
  async function billOf(session: SessionContext, projectId: number, id: number): Promise<Bill> {
    const project = await pathProject(deps.projects, session, projectId);
    const bill = await bills.find(id);
    if (!bill || bill.projectId !== project.id) throw notFound();
    return bill;
  }

  async function billsOf(session: SessionContext, projectId: number, ids: number[]): Promise<Bill[]> {
    const project = await pathProject(deps.projects, session, projectId);
    const rows = await bills.findMany([...new Set(ids)]);
    if (rows.length !== new Set(ids).size || rows.some((b) => b.projectId !== project.id)) throw notFound();
    return rows;
  }

  const editable = (bill: Bill) => {
    if (bill.status !== BILL_STATUS.init) throw conflict('maintenance.errors.notEditable');
  };
  const maintainable = (bill: Bill) => {
    if (bill.status === BILL_STATUS.canceled) throw conflict('maintenance.errors.notMaintainable');
    if (bill.status !== BILL_STATUS.checked) throw conflict('maintenance.errors.notApproved');
  };
  const open = (bill: Bill) => {
    if (bill.status === BILL_STATUS.canceled) throw conflict('maintenance.errors.canceled');
  };

  const touched = (actor: Actor, id: number) => bills.update(id, { modifierName: actor.session.user.name });

  async function full(id: number): Promise<MaintenanceBillFull> {
    const [view, details, messages, deviceCap] = await Promise.all([
      bills.view(id),
      bills.details(id),
      bills.messages(id),
      deps.settings.get('maintenanceDeviceCap'),
    ]);
    return { ...view!, details, messages, deviceCap };
  }

  /** An alarm a bill names is a raise of its device recorded in the bill's project, else it is refused. */
  async function checkAlarm(projectId: number, deviceId: number | undefined, alarm: AlarmRef) {
    if (!alarm.alarmCode || !alarm.alarmAt || deviceId === undefined) return;
    const raise = { deviceId, code: alarm.alarmCode, at: alarm.alarmAt };
    if (!(await deps.alarms.inProject(projectId, raise)))
      throw fieldError('alarmCode', 'maintenance.errors.alarmOtherProject');
  }

  /** Adds devices of the bill's project under the cap, none twice; one device may come with its alarm. */
  async function addDevices(actor: Actor, bill: Bill, deviceIds: number[], alarm: AlarmRef = {}) {
    const refs = await deps.refs.devices(actor.session, deviceIds, bill.projectId, {
      field: 'deviceId',
      key: 'maintenance.errors.deviceOtherProject',
    });
    await checkAlarm(bill.projectId, deviceIds.length === 1 ? deviceIds[0] : undefined, alarm);
    const names = await bills.deviceNames(refs.map((d) => d.id));
    const found = refs.map((d) => ({ id: d.id, name: names.get(d.id) ?? '' }));
    const present = await bills.deviceIdsOf(bill.id);
    const seen = new Set<number>();
    for (const d of found) {
      if (present.has(d.id) || seen.has(d.id)) throw conflict('maintenance.errors.duplicateDevice', { name: d.name });
      seen.add(d.id);
    }
    const cap = await deps.settings.get('maintenanceDeviceCap');
    if (present.size + found.length > cap) throw conflict('maintenance.errors.deviceCap', { count: cap });
    await bills.insertDetails(
      found.map((d) => ({
        billId: bill.id,
        deviceId: d.id,
        alarmCode: alarm.alarmCode ?? null,
        alarmAt: alarm.alarmAt ? new Date(alarm.alarmAt) : null,
      })),
    );
    for (const d of found)
      await log(actor, 'maintenanceAddDevice', { deviceId: d.id, name: d.name }, { bill: bill.no, ...alarm });
  }

  /** Messages on bills' headers (one per bill); the bills. */
  async function headerMessages(actor: Actor, projectId: number, ids: number[], content: string) {
    const rows = await billsOf(actor.session, projectId, ids);
    rows.forEach(open);
    const sender = actor.session.user.name;
    await bills.insertMessages(rows.map((b) => ({ billId: b.id, detailId: null, senderName: sender, content })));
    for (const b of rows) await log(actor, 'maintenanceMessage', { name: b.no }, { content });
    return rows;
  }

  return {
    async page(session: SessionContext, projectId: number, query: BillPageQuery) {
      const project = await pathProject(deps.projects, session, projectId);
      const window = pageWindow(query, await deps.settings.get('pageSize'));
      const { list, total } = await bills.page(project.id, { status: query.status, keyword: query.keyword }, window);
      return toPage(list, total, window);
    },

    async get(session: SessionContext, projectId: number, id: number) {
      await billOf(session, projectId, id);
      return full(id);
    },

    async counts(session: SessionContext, projectId: number) {
      const project = await pathProject(deps.projects, session, projectId);
      return bills.counts(project.id);
    },

    /** POST header: a new bill; with a device (and its alarm) when an alarm opens the work. */
    async create(
      actor: Actor,
      projectId: number,
      body: { title: string; remark?: string; deviceId?: number } & AlarmRef,
    ) {
      const project = await pathProject(deps.projects, actor.session, projectId);
      if (body.deviceId !== undefined)
        await deps.refs.device(actor.session, body.deviceId, project.id, {
          field: 'deviceId',
          key: 'maintenance.errors.deviceOtherProject',
        });
      await checkAlarm(project.id, body.deviceId, body);
      const user = actor.session.user;
      const id = await bills.insert(
        { projectId: project.id, title: body.title, creatorId: user.id, creatorName: user.name },
        new Date(),
      );
      const bill = (await bills.find(id))!;
      await log(
        actor,
        'maintenanceCreate',
        { name: bill.no },
        { title: body.title, ...(body.alarmCode ? { alarm: body.alarmCode } : {}) },
      );
      if (body.deviceId !== undefined) await addDevices(actor, bill, [body.deviceId], body);
      if (body.remark)
        await bills.insertMessages([{ billId: id, detailId: null, senderName: user.name, content: body.remark }]);
      return full(id);
    },

    /** PATCH /{id}: the header of an editable bill, or `status: -10` to cancel it. */
    async patch(actor: Actor, projectId: number, id: number, body: { title?: string; status?: number }) {
      const bill = await billOf(actor.session, projectId, id);
      editable(bill);
      if (body.status === BILL_STATUS.canceled) {
        const moved = await bills.transition([id], BILL_STATUS.init, {
          status: BILL_STATUS.canceled,
          modifierName: actor.session.user.name,
        });
        if (moved.length === 0) throw conflict('maintenance.errors.notEditable');
        await log(actor, 'maintenanceCancel', { name: bill.no }, { from: bill.status, to: BILL_STATUS.canceled });
      }
      if (body.title !== undefined && body.status === undefined) {
        await bills.update(id, { title: body.title, modifierName: actor.session.user.name });
        await log(actor, 'maintenanceUpdate', { name: bill.no }, { title: { from: bill.title, to: body.title } });
      }
      return full(id);
    },

    /** Deletes bills being edited or canceled; an approved bill stays (it is the record of the work). */
    async remove(actor: Actor, projectId: number, ids: number[]) {
      const rows = await billsOf(actor.session, projectId, ids);
      const approved = rows.find((b) => b.status === BILL_STATUS.checked);
      if (approved) throw conflict('maintenance.errors.cannotDelete', { no: approved.no });
      await bills.delete(rows.map((b) => b.id));
      for (const b of rows) await log(actor, 'maintenanceDelete', { name: b.no }, { status: b.status });
      return { ok: true as const, count: rows.length };
    },

    /** Approves bills being edited that have devices (the check level is the catalogue's). */
    async approve(actor: Actor, projectId: number, ids: number[]) {
      const rows = await billsOf(actor.session, projectId, ids);
      const notInit = rows.find((b) => b.status !== BILL_STATUS.init);
      if (notInit) throw conflict('maintenance.errors.alreadyApproved', { no: notInit.no });
      const counts = await bills.detailCounts(rows.map((b) => b.id));
      const empty = rows.find((b) => !counts.get(b.id));
      if (empty) throw conflict('maintenance.errors.noDevices', { no: empty.no });
      const name = actor.session.user.name;
      const moved = await bills.transition(
        rows.map((b) => b.id),
        BILL_STATUS.init,
        { status: BILL_STATUS.checked, approverName: name, approvedAt: new Date(), modifierName: name },
      );
      for (const b of rows.filter((r) => moved.includes(r.id)))
        await log(actor, 'maintenanceApprove', { name: b.no }, { from: BILL_STATUS.init, to: BILL_STATUS.checked });
      return { ok: true as const, count: moved.length };
    },

    async addDevices(actor: Actor, projectId: number, id: number, deviceIds: number[], alarm?: AlarmRef) {
      const bill = await billOf(actor.session, projectId, id);
      editable(bill);
      await addDevices(actor, bill, deviceIds, alarm);
      await touched(actor, id);
      return full(id);
    },

    async removeDevices(actor: Actor, projectId: number, id: number, detailIds: number[]) {
      const bill = await billOf(actor.session, projectId, id);
      editable(bill);
      const found = await bills.findDetails(id, detailIds);
      if (found.length !== new Set(detailIds).size) throw notFound();
      await bills.deleteDetails(id, detailIds);
      for (const d of found)
        await log(actor, 'maintenanceRemoveDevice', { deviceId: d.deviceId, name: d.deviceName }, { bill: bill.no });
      await touched(actor, id);
      return full(id);
    },

    /** Completes (1) or abandons (-1) pending devices of an approved bill. */
    async handle(
      actor: Actor,
      projectId: number,
      id: number,
      detailIds: number[],
      body: { handleStatus: number; note?: string },
    ) {
      const bill = await billOf(actor.session, projectId, id);
      maintainable(bill);
      const found = await bills.findDetails(id, detailIds);
      if (found.length !== new Set(detailIds).size) throw notFound();
      const done = found.find((d) => d.handleStatus !== BILL_DETAIL_STATUS.init);
      if (done) throw conflict('maintenance.errors.alreadyHandled', { name: done.deviceName });
      const handled = await bills.handleDetails(id, detailIds, {
        handleStatus: body.handleStatus,
        note: body.note ?? '',
        handlerName: actor.session.user.name,
      });
      const command = body.handleStatus === BILL_DETAIL_STATUS.ok ? 'maintenanceComplete' : 'maintenanceAbandon';
      for (const d of found.filter((f) => handled.includes(f.id)))
        await log(
          actor,
          command,
          { deviceId: d.deviceId, name: d.deviceName },
          {
            bill: bill.no,
            from: BILL_DETAIL_STATUS.init,
            to: body.handleStatus,
            ...(body.note ? { note: body.note } : {}),
            ...(d.alarmCode ? { alarm: d.alarmCode } : {}),
          },
        );
      await touched(actor, id);
      return full(id);
    },

    /** The site photo of a device of an approved bill: jpg or png by content, size-limited. */
    async setPhoto(actor: Actor, projectId: number, id: number, detailId: number, bytes: Buffer | null) {
      const bill = await billOf(actor.session, projectId, id);
      maintainable(bill);
      const [detail] = await bills.findDetails(id, [detailId]);
      if (!detail) throw notFound();
      if (!bytes || bytes.length === 0) throw fieldError('file', 'maintenance.errors.photoRequired');
      if (bytes.length > MAINTENANCE_LIMITS.photoBytes)
        throw fieldError(
          'file',
          msg('maintenance.errors.photoSize', { max: MAINTENANCE_LIMITS.photoBytes / 1024 / 1024 }),
        );
      const mime = iconMimeOf(bytes);
      if (!mime) throw fieldError('file', 'maintenance.errors.photoType');
      await bills.setPhoto(detailId, bytes, mime);
      await log(
        actor,
        'maintenancePhoto',
        { deviceId: detail.deviceId, name: detail.deviceName },
        { bill: bill.no, bytes: bytes.length, mime },
      );
      return full(id);
    },

    async photo(session: SessionContext, projectId: number, id: number, detailId: number) {
      await billOf(session, projectId, id);
      const photo = await bills.photo(id, detailId);
      if (!photo) throw notFound('maintenance.errors.noPhoto');
      return photo;
    },

    /** A message on a bill's header: the bill. */
    async headerMessage(actor: Actor, projectId: number, id: number, content: string) {
      await headerMessages(actor, projectId, [id], content);
      return full(id);
    },

    /** The same message on bills' headers (one per bill): the bill when one, else how many. */
    async headerMessages(actor: Actor, projectId: number, ids: number[], content: string) {
      const rows = await headerMessages(actor, projectId, ids, content);
      return rows.length === 1 ? full(rows[0]!.id) : { ok: true as const, count: rows.length };
    },

    /** Messages on devices of one bill (one per device). */
    async detailMessages(actor: Actor, projectId: number, id: number, detailIds: number[], content: string) {
      const bill = await billOf(actor.session, projectId, id);
      open(bill);
      const found = await bills.findDetails(id, detailIds);
      if (found.length !== new Set(detailIds).size) throw notFound();
      const sender = actor.session.user.name;
      await bills.insertMessages(found.map((d) => ({ billId: id, detailId: d.id, senderName: sender, content })));
      for (const d of found)
        await log(
          actor,
          'maintenanceMessage',
          { deviceId: d.deviceId, name: d.deviceName },
          { bill: bill.no, content },
        );
      return full(id);
    },

    async pdf(session: SessionContext, projectId: number, id: number, lang: Lang) {
      await billOf(session, projectId, id);
      const bill = await full(id);
      return { no: bill.no, bytes: await renderBillPdf(bill, lang, await deps.settings.get('timezone')) };
    },

    /** Every bill line a device of the project ever had. */
    /** The project's located devices (its own, as a bill takes), for the editor's map. */
    async locatedDevices(session: SessionContext, projectId: number) {
      const project = await pathProject(deps.projects, session, projectId);
      return bills.locatedDevices(project.id, MAINTENANCE_LIMITS.mapDevices);
    },

    async deviceHistory(session: SessionContext, projectId: number, deviceId: number, query: PageQuery) {
      const project = await pathProject(deps.projects, session, projectId);
      try {
        await deps.refs.device(session, deviceId, project.id);
      } catch {
        throw notFound();
      }
      const window = pageWindow(query, await deps.settings.get('pageSize'));
      const { list, total } = await bills.deviceHistory(deviceId, window);
      return toPage(list, total, window);
    },

    async polePage(session: SessionContext, projectId: number, query: PolePageQuery) {
      const project = await pathProject(deps.projects, session, projectId);
      const window = pageWindow(query, await deps.settings.get('pageSize'));
      const { list, total } = await bills.polePage(
        project.id,
        { groupId: query.groupId, state: query.filter, keyword: query.keyword },
        window,
      );
      return toPage(list, total, window);
    },

    /** A pole (device group): its devices with live state and last alarm (and the work that handled it). */
    async pole(session: SessionContext, projectId: number, groupId: number) {
      const project = await pathProject(deps.projects, session, projectId);
      const pole = await bills.pole(project.id, groupId);
      if (!pole) throw notFound();
      // A last alarm a work order completed shows as handled, with that work order.
      const raises = pole.devices.flatMap((d) =>
        d.alarmCode && d.alarmAt ? [{ deviceId: d.id, code: d.alarmCode, at: d.alarmAt }] : [],
      );
      const handled = await deps.alarms.handledOf(raises);
      return {
        ...pole,
        devices: pole.devices.map((d) => ({
          ...d,
          handled:
            d.alarmCode && d.alarmAt
              ? (handled.get(deps.alarms.handledKey({ deviceId: d.id, code: d.alarmCode, at: d.alarmAt })) ?? null)
              : null,
        })),
      };
    },
  };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
