import { conflict } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { Actor, FamilyContext, SessionContext } from '../family-handler.js';

/** The LIMIT/OFFSET of a page a family's records are read in. */
export type RecordsWindow = ReturnType<typeof pageWindow>;

/** A record of a project a family keeps (LED programs, speaker tasks, on-demand tasks). */
export interface NamedRow {
  name: string;
}

/** A record reviewed before use (LED programs, speaker tasks): edited, checked at the check level, used. */
export interface ReviewedRow extends NamedRow {
  state: string;
}

/** What the records' calls need of the family's repository; the writes answer false when the record's state forbids them. */
export interface RecordStore<F, R extends NamedRow> {
  /** The record of the project (404 when it has none of that id). */
  stored(projectId: number, id: number): Promise<R>;
  create(projectId: number, fields: F, creator: string): Promise<number>;
  update(projectId: number, id: number, fields: F): Promise<boolean>;
  remove(projectId: number, id: number): Promise<boolean>;
}

/** What the review workflow needs of the family's repository: `update` and `remove` only while editable. */
export interface ReviewedStore<F, R extends ReviewedRow> extends RecordStore<F, R> {
  setState(projectId: number, id: number, from: string, to: string, checker: string | null): Promise<boolean>;
}

/** The family's own part of its records' calls. */
export interface RecordsOptions<B, F, R extends NamedRow, A, Q, P> {
  /** The audit log's entity. */
  entity: string;
  store: RecordStore<F, R>;
  fieldsOf: (body: B) => F;
  /** The project's side of the rules for a new record (no id) or a changed one; throws with the field's message. */
  check: (projectId: number, body: B, id?: number) => Promise<void>;
  answer: (projectId: number, id: number) => Promise<A>;
  /** A page of the project's records as the list answers them. */
  list: (projectId: number, query: Q, window: RecordsWindow) => Promise<{ rows: P[]; total: number }>;
  /** The refusal when the store will not change or delete the record (its state forbids it). */
  refused: string;
  /** Before a record is changed: throws when its state forbids it. */
  beforeUpdate?: (row: R) => void;
}

/**
 * A family's records of a project: paged and read in the caller's project; created and changed after
 * the family's checks of the project's side (references, a free number, a limit), deleted, each
 * change audited. A write the store refuses (the record's state) answers 409 `refused`.
 */
export function projectRecords<B, F, R extends NamedRow, A, Q extends { page: number; pageSize?: number }, P>(
  ctx: FamilyContext,
  o: RecordsOptions<B, F, R, A, Q, P>,
) {
  const { store } = o;
  const project = (session: SessionContext, projectId: number) => ctx.devices.project(session, projectId);
  const audit = (actor: Actor, action: 'create' | 'update' | 'delete', id: number, summary: string) =>
    ctx.audit.manage(actor, { action, entity: o.entity, entityId: id, summary });

  return {
    async page(session: SessionContext, projectId: number, query: Q) {
      await project(session, projectId);
      const window = pageWindow(query, await ctx.settings.get('pageSize'));
      const { rows, total } = await o.list(projectId, query, window);
      return toPage(rows, total, window);
    },

    async one(session: SessionContext, projectId: number, id: number) {
      await project(session, projectId);
      return o.answer(projectId, id);
    },

    async create(actor: Actor, projectId: number, body: B & { name: string }) {
      await project(actor.session, projectId);
      await o.check(projectId, body);
      const id = await store.create(projectId, o.fieldsOf(body), actor.session.user.name);
      await audit(actor, 'create', id, body.name);
      return o.answer(projectId, id);
    },

    async update(actor: Actor, projectId: number, id: number, body: B & { name: string }) {
      await project(actor.session, projectId);
      const before = await store.stored(projectId, id);
      o.beforeUpdate?.(before);
      await o.check(projectId, body, id);
      if (!(await store.update(projectId, id, o.fieldsOf(body)))) throw conflict(o.refused);
      await audit(actor, 'update', id, body.name);
      return o.answer(projectId, id);
    },

    async remove(actor: Actor, projectId: number, id: number) {
      await project(actor.session, projectId);
      const before = await store.stored(projectId, id);
      if (!(await store.remove(projectId, id))) throw conflict(o.refused);
      await audit(actor, 'delete', id, before.name);
      return { id, deleted: true as const };
    },
  };
}

/**
 * The review workflow of a family's records: the project's records (`projectRecords`), changed and
 * deleted in the edit state only, checked and unchecked, each audited. Refusals say
 * `<rules>.checkedLocked`, `<rules>.alreadyChecked`, `<rules>.notCheckedYet`.
 */
export function reviewedRecords<B, F, R extends ReviewedRow, A, Q extends { page: number; pageSize?: number }, P>(
  ctx: FamilyContext,
  o: Omit<RecordsOptions<B, F, R, A, Q, P>, 'store' | 'refused' | 'beforeUpdate'> & {
    rules: string;
    store: ReviewedStore<F, R>;
    /** Before a checked record goes back to editing (a started task is stopped). */
    beforeUncheck?: (actor: Actor, projectId: number, row: R) => Promise<unknown>;
  },
) {
  const { store, rules } = o;
  const records = projectRecords(ctx, {
    ...o,
    refused: `${rules}.checkedLocked`,
    beforeUpdate: (row) => {
      if (row.state !== 'edit') throw conflict(`${rules}.checkedLocked`);
    },
  });

  return {
    ...records,

    /** Edit → checked (the check level, by the endpoint table), or back. */
    async setChecked(actor: Actor, projectId: number, id: number, checked: boolean) {
      await ctx.devices.project(actor.session, projectId);
      const before = await store.stored(projectId, id);
      if (!checked) await o.beforeUncheck?.(actor, projectId, before);
      const [from, to] = checked ? ['edit', 'checked'] : ['checked', 'edit'];
      if (!(await store.setState(projectId, id, from, to, checked ? actor.session.user.name : null)))
        throw conflict(checked ? `${rules}.alreadyChecked` : `${rules}.notCheckedYet`);
      await ctx.audit.manage(actor, {
        action: 'update',
        entity: o.entity,
        entityId: id,
        summary: `${before.name}: ${to}`,
      });
      return o.answer(projectId, id);
    },
  };
}
