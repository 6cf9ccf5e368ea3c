import { conflict } from '../../../platform/errors.js';
import type { Actor, FamilyContext } from '../family-handler.js';

/** A record reviewed before use (LED programs, speaker tasks): edited, checked at the check level, used. */
export interface ReviewedRow {
  name: string;
  state: string;
}

/** What the workflow needs of the family's repository; the writes answer false when the state forbids them. */
export interface ReviewedStore<F, R extends ReviewedRow> {
  /** The record of the project (404 when it has none of that id). */
  stored(projectId: number, id: number): Promise<R>;
  create(projectId: number, fields: F, creator: string): Promise<number>;
  /** Only while editable. */
  update(projectId: number, id: number, fields: F): Promise<boolean>;
  /** Only while editable. */
  remove(projectId: number, id: number): Promise<boolean>;
  setState(projectId: number, id: number, from: string, to: string, checker: string | null): Promise<boolean>;
}

/**
 * The review workflow of a family's records: create and change (in the edit state only, after the
 * family's checks of the project's side: references, a free number, a limit), delete while editable,
 * check and uncheck, each audited. Refusals say `<rules>.checkedLocked`, `<rules>.alreadyChecked`,
 * `<rules>.notCheckedYet`.
 */
export function reviewedRecords<B, F, R extends ReviewedRow, A>(
  ctx: FamilyContext,
  o: {
    entity: string;
    rules: string;
    store: ReviewedStore<F, R>;
    fieldsOf: (body: B) => F;
    /** The project's side of the rules for a new record (no id) or a changed one; throws with the field's message. */
    check: (projectId: number, body: B, id?: number) => Promise<void>;
    answer: (projectId: number, id: number) => Promise<A>;
    /** Before a checked record goes back to editing (a started task is stopped). */
    beforeUncheck?: (actor: Actor, projectId: number, row: R) => Promise<unknown>;
  },
) {
  const { store, rules } = o;
  const project = (actor: Actor, projectId: number) => ctx.devices.project(actor.session, projectId);
  const audit = (actor: Actor, action: 'create' | 'update' | 'delete', id: number, summary: string) =>
    ctx.audit.manage(actor, { action, entity: o.entity, entityId: id, summary });

  return {
    async create(actor: Actor, projectId: number, body: B & { name: string }) {
      await project(actor, projectId);
      await o.check(projectId, body);
      const id = await store.create(projectId, o.fieldsOf(body), actor.session.user.name);
      await audit(actor, 'create', id, body.name);
      return o.answer(projectId, id);
    },

    async update(actor: Actor, projectId: number, id: number, body: B & { name: string }) {
      await project(actor, projectId);
      const before = await store.stored(projectId, id);
      if (before.state !== 'edit') throw conflict(`${rules}.checkedLocked`);
      await o.check(projectId, body, id);
      if (!(await store.update(projectId, id, o.fieldsOf(body)))) throw conflict(`${rules}.checkedLocked`);
      await audit(actor, 'update', id, body.name);
      return o.answer(projectId, id);
    },

    async remove(actor: Actor, projectId: number, id: number) {
      await project(actor, projectId);
      const before = await store.stored(projectId, id);
      if (!(await store.remove(projectId, id))) throw conflict(`${rules}.checkedLocked`);
      await audit(actor, 'delete', id, before.name);
      return { id, deleted: true as const };
    },

    /** Edit → checked (the check level, by the endpoint table), or back. */
    async setChecked(actor: Actor, projectId: number, id: number, checked: boolean) {
      await project(actor, projectId);
      const before = await store.stored(projectId, id);
      if (!checked) await o.beforeUncheck?.(actor, projectId, before);
      const [from, to] = checked ? ['edit', 'checked'] : ['checked', 'edit'];
      if (!(await store.setState(projectId, id, from, to, checked ? actor.session.user.name : null)))
        throw conflict(checked ? `${rules}.alreadyChecked` : `${rules}.notCheckedYet`);
      await audit(actor, 'update', id, `${before.name}: ${to}`);
      return o.answer(projectId, id);
    },
  };
}
