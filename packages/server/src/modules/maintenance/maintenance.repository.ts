import type {
  BillStatus,
  DetailStatus,
  DeviceMaintenanceRow,
  MaintenanceBillView,
  MaintenanceCounts,
  MaintenanceDetailView,
  MaintenanceMessageView,
  PoleFilter,
  PoleOrderRow,
} from '@sc/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, like, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceGroups, devices, projects } from '../../db/schema/index.js';
import { keywordWhere } from '../../platform/paging.js';
import { isWholeTree } from '../../platform/scope.js';
import {
  maintenanceBills as bills,
  maintenanceDetails as details,
  maintenanceMessages as messages,
} from './maintenance.tables.js';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const completed = sql<number>`(select count(*)::int from maintenance_details d where d.bill_id = "maintenance_bills"."id" and d.handle_status = 1)`;
const total = sql<number>`(select count(*)::int from maintenance_details d where d.bill_id = "maintenance_bills"."id")`;

const billColumns = {
  id: bills.id,
  no: bills.no,
  title: bills.title,
  projectId: bills.projectId,
  projectName: projects.name,
  creatorName: bills.creatorName,
  billDate: bills.billDate,
  status: bills.status,
  completed,
  total,
  approverName: bills.approverName,
  approvedAt: bills.approvedAt,
  modifierName: bills.modifierName,
  updatedAt: bills.updatedAt,
};

type BillRow = Omit<MaintenanceBillView, 'billDate' | 'approvedAt' | 'updatedAt' | 'status'> & {
  status: number;
  billDate: Date;
  approvedAt: Date | null;
  updatedAt: Date;
};

const presentBill = (r: BillRow): MaintenanceBillView => ({
  ...r,
  status: r.status as BillStatus,
  billDate: r.billDate.toISOString(),
  approvedAt: iso(r.approvedAt),
  updatedAt: r.updatedAt.toISOString(),
});

const detailColumns = {
  id: details.id,
  billId: details.billId,
  deviceId: details.deviceId,
  deviceName: devices.name,
  deviceNo: devices.no,
  deviceType: devices.type,
  groupId: devices.groupId,
  groupName: deviceGroups.name,
  handleStatus: details.handleStatus,
  note: details.note,
  handlerName: details.handlerName,
  handledAt: details.handledAt,
  alarmCode: details.alarmCode,
  alarmAt: details.alarmAt,
  hasPhoto: sql<boolean>`(${details.photoMime} is not null)`,
  createdAt: details.createdAt,
};

type DetailRow = Omit<MaintenanceDetailView, 'handleStatus' | 'handledAt' | 'alarmAt' | 'createdAt'> & {
  handleStatus: number;
  handledAt: Date | null;
  alarmAt: Date | null;
  createdAt: Date;
};

const presentDetail = (r: DetailRow): MaintenanceDetailView => ({
  ...r,
  handleStatus: r.handleStatus as DetailStatus,
  handledAt: iso(r.handledAt),
  alarmAt: iso(r.alarmAt),
  createdAt: r.createdAt.toISOString(),
});

export interface Window {
  limit: number;
  offset: number;
}

export interface BillValues {
  no: string;
  projectId: number;
  title: string;
  creatorId: number;
  creatorName: string;
}

export interface DetailValues {
  billId: number;
  deviceId: number;
  alarmCode?: string | null;
  alarmAt?: Date | null;
}

/** The SQL of maintenance work orders: bills, their details (devices) and messages. */
export function createMaintenanceRepository(db: Db) {
  const selectBills = () =>
    db.select(billColumns).from(bills).innerJoin(projects, eq(projects.id, bills.projectId)).$dynamic();
  const selectDetails = () =>
    db
      .select(detailColumns)
      .from(details)
      .innerJoin(devices, eq(devices.id, details.deviceId))
      .leftJoin(deviceGroups, eq(deviceGroups.id, devices.groupId))
      .$dynamic();

  /** Open (being edited), in-process (approved, a device pending), finished and canceled bills. */
  async function countsWhere(where: SQL): Promise<MaintenanceCounts> {
    const result = (await db.execute(sql`select
          count(*) filter (where b.status = 0)::int as open,
          count(*) filter (where b.status = 10 and exists (select 1 from maintenance_details d where d.bill_id = b.id and d.handle_status = 0))::int as "inProcess",
          count(*) filter (where b.status = 10 and not exists (select 1 from maintenance_details d where d.bill_id = b.id and d.handle_status = 0))::int as finished,
          count(*) filter (where b.status = -10)::int as canceled
        from maintenance_bills b where ${where}`)) as unknown as { rows: MaintenanceCounts[] };
    return result.rows[0]!;
  }

  return {
    async page(projectId: number, filter: { status?: number; keyword: string[] }, window: Window) {
      const where = and(
        eq(bills.projectId, projectId),
        filter.status === undefined ? undefined : eq(bills.status, filter.status),
        keywordWhere(filter.keyword, [bills.no, bills.title, bills.creatorName]),
      );
      const [rows, [n]] = await Promise.all([
        selectBills().where(where).orderBy(desc(bills.id)).limit(window.limit).offset(window.offset),
        db.select({ n: count() }).from(bills).where(where),
      ]);
      return { list: (rows as BillRow[]).map(presentBill), total: n?.n ?? 0 };
    },

    async find(id: number) {
      const [row] = await db.select().from(bills).where(eq(bills.id, id));
      return row ?? null;
    },

    async findMany(ids: number[]) {
      return db.select().from(bills).where(inArray(bills.id, ids));
    },

    async view(id: number) {
      const [row] = await selectBills().where(eq(bills.id, id));
      return row ? presentBill(row as BillRow) : null;
    },

    async details(billId: number) {
      const rows = await selectDetails().where(eq(details.billId, billId)).orderBy(asc(details.id));
      return (rows as DetailRow[]).map(presentDetail);
    },

    async messages(billId: number): Promise<MaintenanceMessageView[]> {
      const rows = await db
        .select({
          id: messages.id,
          detailId: messages.detailId,
          senderName: messages.senderName,
          content: messages.content,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(eq(messages.billId, billId))
        .orderBy(asc(messages.id));
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },

    /** Inserts a bill; its number is the date and its id (WO202611260001). */
    async insert(values: Omit<BillValues, 'no'>, now: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(bills)
          .values({ ...values, no: `tmp-${now.getTime()}-${Math.random().toString(36).slice(2, 10)}` })
          .returning({ id: bills.id });
        const day = now.toISOString().slice(0, 10).replaceAll('-', '');
        const no = `WO${day}${String(row!.id).padStart(4, '0')}`;
        await tx.update(bills).set({ no }).where(eq(bills.id, row!.id));
        return row!.id;
      });
    },

    async update(id: number, values: Partial<typeof bills.$inferInsert>) {
      await db
        .update(bills)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(bills.id, id));
    },

    /** Moves bills from one status to another; the ids whose status was `from`. */
    async transition(ids: number[], from: number, values: Partial<typeof bills.$inferInsert>) {
      const rows = await db
        .update(bills)
        .set({ ...values, updatedAt: new Date() })
        .where(and(inArray(bills.id, ids), eq(bills.status, from)))
        .returning({ id: bills.id });
      return rows.map((r) => r.id);
    },

    async delete(ids: number[]) {
      await db.delete(bills).where(inArray(bills.id, ids));
    },

    async detailCounts(ids: number[]) {
      const rows = await db
        .select({ billId: details.billId, n: count() })
        .from(details)
        .where(inArray(details.billId, ids))
        .groupBy(details.billId);
      return new Map(rows.map((r) => [r.billId, r.n]));
    },

    async deviceNames(ids: number[]) {
      const rows = await db
        .select({ id: devices.id, name: devices.name })
        .from(devices)
        .where(inArray(devices.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async deviceIdsOf(billId: number) {
      const rows = await db.select({ deviceId: details.deviceId }).from(details).where(eq(details.billId, billId));
      return new Set(rows.map((r) => r.deviceId));
    },

    async insertDetails(rows: DetailValues[]) {
      return db.insert(details).values(rows).returning({ id: details.id });
    },

    async findDetails(billId: number, ids: number[]) {
      const rows = await selectDetails().where(and(eq(details.billId, billId), inArray(details.id, ids)));
      return (rows as DetailRow[]).map(presentDetail);
    },

    async deleteDetails(billId: number, ids: number[]) {
      await db.delete(details).where(and(eq(details.billId, billId), inArray(details.id, ids)));
    },

    /** Handles pending details only; the ids handled. */
    async handleDetails(
      billId: number,
      ids: number[],
      values: { handleStatus: number; note: string; handlerName: string },
    ) {
      const rows = await db
        .update(details)
        .set({ ...values, handledAt: new Date() })
        .where(and(eq(details.billId, billId), inArray(details.id, ids), eq(details.handleStatus, 0)))
        .returning({ id: details.id });
      return rows.map((r) => r.id);
    },

    async setPhoto(detailId: number, photo: Buffer, mime: string) {
      await db.update(details).set({ photo, photoMime: mime }).where(eq(details.id, detailId));
    },

    async photo(billId: number, detailId: number) {
      const [row] = await db
        .select({ photo: details.photo, mime: details.photoMime })
        .from(details)
        .where(and(eq(details.billId, billId), eq(details.id, detailId)));
      return row?.photo && row.mime ? { bytes: row.photo, mime: row.mime } : null;
    },

    async insertMessages(rows: { billId: number; detailId: number | null; senderName: string; content: string }[]) {
      await db.insert(messages).values(rows);
    },

    /** Every bill line a device ever had, newest first. */
    /** A project's devices with coordinates, by id, at most `limit`. */
    async locatedDevices(projectId: number, limit: number) {
      const rows = await db
        .select({
          id: devices.id,
          name: devices.name,
          no: devices.no,
          type: devices.type,
          lng: devices.lng,
          lat: devices.lat,
          activeState: devices.activeState,
        })
        .from(devices)
        .where(and(eq(devices.projectId, projectId), isNotNull(devices.lng), isNotNull(devices.lat)))
        .orderBy(asc(devices.id))
        .limit(limit);
      return rows.map((d) => ({ ...d, lng: d.lng!, lat: d.lat! }));
    },

    async deviceHistory(deviceId: number, window: Window) {
      const where = eq(details.deviceId, deviceId);
      const [rows, [n]] = await Promise.all([
        selectDetails()
          .innerJoin(bills, eq(bills.id, details.billId))
          .where(where)
          .orderBy(desc(details.id))
          .limit(window.limit)
          .offset(window.offset),
        db.select({ n: count() }).from(details).where(where),
      ]);
      const billsOf = rows.length
        ? await db
            .select({ id: bills.id, no: bills.no, title: bills.title, status: bills.status })
            .from(bills)
            .where(inArray(bills.id, [...new Set(rows.map((r) => r.billId))]))
        : [];
      const byId = new Map(billsOf.map((b) => [b.id, b]));
      const list: DeviceMaintenanceRow[] = (rows as DetailRow[]).map((r) => {
        const b = byId.get(r.billId)!;
        return { ...presentDetail(r), billNo: b.no, billTitle: b.title, billStatus: b.status as BillStatus };
      });
      return { list, total: n?.n ?? 0 };
    },

    /**
     * Bills by pole (device group): one row per bill and group with the group's devices in it. In
     * process: some pending in a live bill; finished: none pending, some completed; denied: the bill
     * canceled or every device abandoned.
     */
    async polePage(
      projectId: number,
      filter: { groupId?: number; state: PoleFilter; keyword: string[] },
      window: Window,
    ) {
      const state = sql<string>`case
        when b.status = -10 or sum(case when d.handle_status = -1 then 1 else 0 end) = count(*) then 'denied'
        when sum(case when d.handle_status = 0 then 1 else 0 end) > 0 then 'process'
        else 'finished' end`;
      const conditions: SQL[] = [sql`b.project_id = ${projectId}`];
      if (filter.groupId !== undefined) conditions.push(sql`g.id = ${filter.groupId}`);
      for (const word of filter.keyword) {
        const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(sql`(b.no ilike ${like} or b.title ilike ${like} or g.name ilike ${like})`);
      }
      const grouped = sql`select b.id as "billId", b.no as "billNo", b.title as "billTitle", b.status as "billStatus",
          b.bill_date as "billDate", g.id as "groupId", g.name as "groupName", count(*)::int as total,
          sum(case when d.handle_status = 1 then 1 else 0 end)::int as completed,
          sum(case when d.handle_status = -1 then 1 else 0 end)::int as abandoned,
          sum(case when d.handle_status = 0 then 1 else 0 end)::int as pending,
          ${state} as state
        from maintenance_details d
        join maintenance_bills b on b.id = d.bill_id
        join devices v on v.id = d.device_id
        join device_groups g on g.id = v.group_id
        where ${sql.join(conditions, sql` and `)}
        group by b.id, g.id`;
      const outer = filter.state === 'all' ? sql`` : sql`where x.state = ${filter.state}`;
      const result = (await db.execute(
        sql`select x.*, count(*) over ()::int as "fullCount" from (${grouped}) x ${outer}
            order by x."billId" desc, x."groupName" limit ${window.limit} offset ${window.offset}`,
      )) as unknown as { rows: (PoleOrderRow & { billDate: string | Date; fullCount: number })[] };
      const rows = result.rows;
      return {
        list: rows.map(({ fullCount: _n, ...r }) => ({ ...r, billDate: new Date(r.billDate).toISOString() })),
        total: rows[0]?.fullCount ?? 0,
      };
    },

    /** Open (editing), in process (approved, devices pending), finished (approved, none pending), canceled. */
    async counts(projectId: number): Promise<MaintenanceCounts> {
      return countsWhere(sql`b.project_id = ${projectId}`);
    },

    /** The counts over a project's subtree (the dashboard's maintenance unit). */
    async countsOfTree(path: string): Promise<MaintenanceCounts> {
      return countsWhere(
        isWholeTree(path)
          ? sql`true`
          : sql`b.project_id in (select ${projects.id} from ${projects} where ${like(projects.path, `${path}%`)})`,
      );
    },

    /** A pole (device group) of the project with its devices, their state and last alarm. */
    async pole(projectId: number, groupId: number) {
      const [group] = await db
        .select({
          id: deviceGroups.id,
          name: deviceGroups.name,
          no: deviceGroups.no,
          lng: deviceGroups.lng,
          lat: deviceGroups.lat,
        })
        .from(deviceGroups)
        .where(and(eq(deviceGroups.id, groupId), eq(deviceGroups.projectId, projectId)));
      if (!group) return null;
      const result = (await db.execute(sql`select v.id, v.name, v.no, v.type, v.active_state as "activeState",
          e.code as "alarmCode", e.at as "alarmAt", e.event_type as "alarmType"
        from devices v
        left join lateral (select code, at, event_type from device_events ev
          where ev.device_id = v.id and ev.level = 'alarm' order by ev.at desc limit 1) e on true
        where v.group_id = ${groupId} and v.project_id = ${projectId}
        order by v.type, v.name`)) as unknown as {
        rows: {
          id: number;
          name: string;
          no: string;
          type: string;
          activeState: number;
          alarmCode: string | null;
          alarmAt: string | Date | null;
          alarmType: string | null;
        }[];
      };
      return {
        ...group,
        devices: result.rows.map((r) => ({
          ...r,
          alarmAt: r.alarmAt === null ? null : new Date(r.alarmAt).toISOString(),
        })),
      };
    },
  };
}

export type MaintenanceRepository = ReturnType<typeof createMaintenanceRepository>;
