import type { Actor, SessionContext } from '../family-handler.js';

/** What a family's records of a project answer (projectRecords, or the family's own): paged, read, written. */
export interface ProjectRecords {
  page(session: SessionContext, projectId: number, query: never): Promise<unknown>;
  one(session: SessionContext, projectId: number, id: number): Promise<unknown>;
  create(actor: Actor, projectId: number, body: never): Promise<unknown>;
  update(actor: Actor, projectId: number, id: number, body: never): Promise<unknown>;
  remove(actor: Actor, projectId: number, id: number): Promise<unknown>;
}

/** Records reviewed before use (reviewedRecords): checked and unchecked too. */
export interface ReviewedProjectRecords extends ProjectRecords {
  setChecked(actor: Actor, projectId: number, id: number, checked: boolean): Promise<unknown>;
}

type InProject = { params: { projectId: number } };
/** The call of one record: its id is the path param `<noun>Id`. */
type OfRecord<N extends string> = { params: { projectId: number } & { [K in `${N}Id`]: number } };
type Reading = { session: SessionContext };
type Writing = { actor: Actor };
type QueryOf<R extends ProjectRecords> = Parameters<R['page']>[2];
type BodyOf<R extends ProjectRecords> = Parameters<R['create']>[2];

type RecordCallsOf<N extends string, M extends string, R extends ProjectRecords> = {
  [K in M]: (call: Reading & InProject & { query: QueryOf<R> }) => ReturnType<R['page']>;
} & { [K in N]: (call: Reading & OfRecord<N>) => ReturnType<R['one']> } & {
  [K in `create${Capitalize<N>}`]: (call: Writing & InProject & { body: BodyOf<R> }) => ReturnType<R['create']>;
} & {
  [K in `update${Capitalize<N>}`]: (call: Writing & OfRecord<N> & { body: BodyOf<R> }) => ReturnType<R['update']>;
} & { [K in `delete${Capitalize<N>}`]: (call: Writing & OfRecord<N>) => ReturnType<R['remove']> };

type ReviewCallsOf<N extends string, R extends ReviewedProjectRecords> = {
  [K in `check${Capitalize<N>}` | `uncheck${Capitalize<N>}`]: (
    call: Writing & OfRecord<N>,
  ) => ReturnType<R['setChecked']>;
};

const capitalized = <N extends string>(noun: N) => (noun[0]!.toUpperCase() + noun.slice(1)) as Capitalize<N>;

/**
 * The handlers of a family's record calls as its endpoint table names them after the record (`noun`, and
 * `many`, its plural, `<noun>s` unless given): `<many>` the page, `<noun>` one record, `create<Noun>`,
 * `update<Noun>`, `delete<Noun>`, the record's id in the path param `<noun>Id`. Spread into the
 * family's `mountTable` beside its own calls.
 */
export function recordCalls<N extends string, R extends ProjectRecords, M extends string = `${N}s`>(
  name: N | { noun: N; many: M },
  records: R,
): NoInfer<RecordCallsOf<N, M, R>> {
  const noun = typeof name === 'string' ? name : name.noun;
  const many = typeof name === 'string' ? `${name}s` : name.many;
  const Noun = capitalized(noun);
  const idOf = (params: OfRecord<N>['params']) => (params as Record<string, number>)[`${noun}Id`]!;
  return {
    [many]: ({ session, params, query }: Reading & InProject & { query: never }) =>
      records.page(session, params.projectId, query),
    [noun]: ({ session, params }: Reading & OfRecord<N>) => records.one(session, params.projectId, idOf(params)),
    [`create${Noun}`]: ({ actor, params, body }: Writing & InProject & { body: never }) =>
      records.create(actor, params.projectId, body),
    [`update${Noun}`]: ({ actor, params, body }: Writing & OfRecord<N> & { body: never }) =>
      records.update(actor, params.projectId, idOf(params), body),
    [`delete${Noun}`]: ({ actor, params }: Writing & OfRecord<N>) =>
      records.remove(actor, params.projectId, idOf(params)),
  } as unknown as RecordCallsOf<N, M, R>;
}

/** recordCalls of reviewed records, with `check<Noun>` and `uncheck<Noun>`. */
export function reviewedCalls<N extends string, R extends ReviewedProjectRecords>(
  noun: N,
  records: R,
): NoInfer<RecordCallsOf<N, `${N}s`, R> & ReviewCallsOf<N, R>> {
  const Noun = capitalized(noun);
  const idOf = (params: OfRecord<N>['params']) => (params as Record<string, number>)[`${noun}Id`]!;
  const review = {
    [`check${Noun}`]: ({ actor, params }: Writing & OfRecord<N>) =>
      records.setChecked(actor, params.projectId, idOf(params), true),
    [`uncheck${Noun}`]: ({ actor, params }: Writing & OfRecord<N>) =>
      records.setChecked(actor, params.projectId, idOf(params), false),
  } as unknown as ReviewCallsOf<N, R>;
  return { ...recordCalls(noun, records), ...review };
}
