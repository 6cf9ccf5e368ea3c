import { z } from 'zod';
import { deletedAnswer, idsBody, logPageQuery, pageQuery, projectTreeQuery } from '../../api/paging.js';
import type { HttpMethod } from '../../catalogue/types.js';
import {
  type Endpoint,
  type EndpointInput,
  EXPORT_FORMATS,
  endpoint,
  type ParamsSchema,
  tableFile,
} from '../../endpoints/endpoint.js';
import { locationBody } from './forms.js';
import type { FamilyCommand, FamilyReading } from './manifest.js';
import {
  childList,
  commandResponse,
  eventPage,
  fedRow,
  locationAnswer,
  pageOf,
  readingRow,
  recordDeleted,
  registrationResponse,
  seriesOf,
} from './responses.js';
import { totalsOf, totalsQuery } from './totals.js';

/** The base of a family's calls (spec 001 §7): `/api/pjts/:projectId/iot/<slug>`. */
export type FamilyBase<S extends string> = `/api/pjts/:projectId/iot/${S}`;
type Sub<S extends string, P extends string> = `${FamilyBase<S>}/${P}`;

/** A family's call declared at `…/iot/<slug>/<sub>`. */
export type FamilyEndpoint<
  S extends string,
  M extends HttpMethod,
  P extends string,
  Query extends z.ZodObject | undefined,
  Body extends z.ZodType | undefined,
  Response extends z.ZodType,
  // biome-ignore lint/complexity/noBannedTypes: no own rules
  Own extends z.ZodRawShape = {},
> = Endpoint<M, Sub<S, P>, ParamsSchema<Sub<S, P>, Own>, Query, Body, Response>;

/**
 * The builder of one family's calls: `e.get('pages', { query, response, summary })` declares
 * `GET /api/pjts/:projectId/iot/<slug>/pages` with its schemas (tagged with the slug). A family's table
 * (`<FAMILY>_API`) is made of these and of the traits' calls below; its manifest carries it.
 */
export function familyEndpoints<const S extends string>(slug: S) {
  const base = `/api/pjts/:projectId/iot/${slug}` as FamilyBase<S>;
  const declare =
    <M extends HttpMethod>(method: M) =>
    <
      const P extends string,
      Response extends z.ZodType,
      Query extends z.ZodObject | undefined = undefined,
      Body extends z.ZodType | undefined = undefined,
      // biome-ignore lint/complexity/noBannedTypes: no own rules
      Own extends z.ZodRawShape = {},
    >(
      sub: P,
      input: EndpointInput<Query, Body, Response, Own>,
    ): FamilyEndpoint<S, M, P, Query, Body, Response, Own> =>
      endpoint(method, `${base}/${sub}` as Sub<S, P>, { tags: [slug], ...input });
  return {
    slug,
    base,
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    delete: declare('DELETE'),
  };
}
export type FamilyEndpoints<S extends string> = ReturnType<typeof familyEndpoints<S>>;

/**
 * A family's calls that need no sign-in (a public display): `/api/pub/iot/<segment>/<sub>`, GET only.
 * `publicGrantsOf` lists them for the manifest's `publicApis`.
 */
export function familyPublicEndpoints<const S extends string>(segment: S, tag: string) {
  const base = `/api/pub/iot/${segment}` as const;
  return {
    get: <
      const P extends string,
      Response extends z.ZodType,
      Query extends z.ZodObject | undefined = undefined,
      // biome-ignore lint/complexity/noBannedTypes: no own rules
      Own extends z.ZodRawShape = {},
    >(
      sub: P,
      input: EndpointInput<Query, undefined, Response, Own>,
    ) =>
      endpoint('GET', `${base}/${sub}` as `/api/pub/iot/${S}/${P}`, {
        tags: [tag],
        ...input,
        public: true,
      }),
  };
}

/** A period of readings (default: the last 24 hours up to now). */
export const periodQuery = z.object({
  from: z.coerce.date({ error: 'validation.validParam' }).optional(),
  to: z.coerce.date({ error: 'validation.validParam' }).optional(),
});

/** An export of a period: CSV (the default) or an Excel workbook. */
export const exportQuery = periodQuery.extend({
  format: z.enum(EXPORT_FORMATS, { error: 'validation.validParam' }).optional(),
});

// The traits' calls. Each returns a small table that a family spreads into its own; the server kit has
// the matching handlers (iot/families/kit/traits/*) and the console the matching parts.

/** Registration: POST …/:id/register and …/:id/unregister (spec 001 §7). */
export const registrationCalls = <S extends string>(e: FamilyEndpoints<S>) => ({
  register: e.post(':id/register', {
    response: registrationResponse,
    summary: 'Registers a device of this family: the platform accepts its traffic from now on',
  }),
  unregister: e.post(':id/unregister', {
    response: registrationResponse,
    summary: 'Unregisters a device of this family: the platform ignores its traffic from now on',
  }),
});

/** A device command's call: POST …/:id/<name>, the arguments validated with the command's schema. */
export type CommandEndpoint<S extends string, N extends string> = FamilyEndpoint<
  S,
  'POST',
  `:id/${N}`,
  undefined,
  z.ZodOptional<z.ZodNullable<z.ZodType<Record<string, unknown>>>>,
  typeof commandResponse
>;

/**
 * Commands: one POST …/:id/<name> per command of the manifest (sent on the command bus, awaited,
 * written to the operation log). A bare POST (no body) is the command's defaults.
 */
export const commandCalls = <S extends string, const C extends readonly FamilyCommand[]>(
  e: FamilyEndpoints<S>,
  commands: C,
): { [N in C[number]['name']]: CommandEndpoint<S, N> } =>
  Object.fromEntries(
    commands.map((c) => [
      c.name,
      e.post(`:id/${c.name}`, {
        body: c.args.nullish(),
        response: commandResponse,
        summary: `Sends ${c.name} to a device and awaits its reply`,
      }),
    ]),
  ) as never;

/** Events: GET …/:id/events, a page of the device's events (with its children's for carriers). */
export const eventCalls = <S extends string>(e: FamilyEndpoints<S>, withChildren = false) => ({
  events: e.get(':id/events', {
    query: logPageQuery,
    response: eventPage,
    summary: withChildren
      ? "A page of a device's events and its children's, newest first"
      : "A page of a device's events, newest first",
  }),
});

/** Children: GET …/:id/children, the devices behind a carrier with their state. */
export const childrenCalls = <S extends string>(e: FamilyEndpoints<S>) => ({
  children: e.get(':id/children', { response: childList, summary: 'The devices behind a device with their state' }),
});

/**
 * Fed devices: GET …/:id/fed, the devices a cabinet's circuits power (their `feederNo` property names
 * the cabinet, `feederCircuit` the circuit), ordered by circuit.
 */
export const fedCalls = <S extends string>(e: FamilyEndpoints<S>) => ({
  fed: e.get(':id/fed', {
    response: z.array(fedRow),
    summary: "The devices a cabinet's circuits power, by circuit, with their state",
  }),
});

/** Readings history: a page, a series for the chart, and a CSV export (GET …/:id/reports.do…). */
export const readingsCalls = <S extends string, R extends readonly FamilyReading[]>(
  e: FamilyEndpoints<S>,
  readings: R,
) => ({
  readings: e.get(':id/reports.do', {
    query: logPageQuery,
    response: pageOf(readingRow(readings)),
    summary: "A page of a device's readings, newest first",
  }),
  series: e.get(':id/reports.do/series', {
    query: periodQuery,
    response: seriesOf(readings),
    summary:
      'Averaged readings over a period for the line chart: raw readings up to a week, hourly averages up to 35 days, daily beyond (`resolution` says which)',
  }),
  export: e.get(':id/reports.do/export', {
    query: exportQuery,
    response: tableFile,
    summary:
      "A device's readings over a period as the history table shows them (the same rows, newest first): headers with units in the caller's language, times in the system timezone, values rounded as shown; CSV (UTF-8 with BOM) or, with format=xlsx, an Excel workbook",
  }),
});

/** Project totals of the `sum` readings per day, month or year: GET …/totals. */
export const totalsCalls = <S extends string, R extends readonly FamilyReading[]>(
  e: FamilyEndpoints<S>,
  readings: R,
) => ({
  totals: e.get('totals', {
    query: totalsQuery,
    response: totalsOf(readings),
    summary: `The project's totals of ${readings
      .filter((x) => x.sum)
      .map((x) => `${x.key} (${x.unit})`)
      .join(
        ', ',
      )} per day, month or year over a period (midnight of the system timezone), from the per-project daily rollup`,
  }),
});

/** What the summaries of a record's calls add after the standard words (' (its lamps stay)'). */
export type RecordNotes = Partial<Record<'list' | 'one' | 'create' | 'update' | 'delete', string>>;

/**
 * A family's own records at …/<path> (policies, groups): a page of them (GET <path>, or <path>/<list>),
 * one (GET <path>/:<id>), create (POST <path>), change (PUT) and delete (DELETE <path>/:<id>). The calls
 * are named after the record, `names` = ['policy', 'policies']: `policies`, `policy`, `createPolicy`,
 * `updatePolicy`, `deletePolicy`; `noun` (with its article) and its plural make their summaries.
 */
export function recordCalls<
  S extends string,
  const One extends string,
  const Many extends string,
  const P extends string,
  const Id extends string,
  Row extends z.ZodType,
  Detail extends z.ZodType,
  Body extends z.ZodType,
  Deleted extends z.ZodType,
  const L extends string = P,
>(
  e: FamilyEndpoints<S>,
  record: { names: readonly [One, Many]; path: P; id: Id; list?: L; noun: readonly [string, string] },
  schemas: { row: Row; detail: Detail; body: Body; deleted: Deleted },
  notes: RecordNotes = {},
) {
  const item = `${record.path}/:${record.id}` as const;
  const [one, many] = record.names;
  const [noun, nouns] = record.noun;
  const cap = (w: string) => `${w[0]!.toUpperCase()}${w.slice(1)}`;
  const { row, detail, body, deleted } = schemas;
  const calls = {
    list: e.get((record.list ?? record.path) as L, {
      query: pageQuery,
      response: pageOf(row),
      summary: `A page of ${nouns}${notes.list ?? ''}`,
    }),
    one: e.get(item, { response: detail, summary: `${cap(noun)}${notes.one ?? ''}` }),
    create: e.post(record.path, { body, response: detail, summary: `Create ${noun}${notes.create ?? ''}` }),
    update: e.put(item, { body, response: detail, summary: `Change ${noun}${notes.update ?? ''}` }),
    delete: e.delete(item, { response: deleted, summary: `Delete ${noun}${notes.delete ?? ''}` }),
  };
  return {
    [many]: calls.list,
    [one]: calls.one,
    [`create${cap(one)}`]: calls.create,
    [`update${cap(one)}`]: calls.update,
    [`delete${cap(one)}`]: calls.delete,
  } as { [K in Many]: typeof calls.list } & { [K in One]: typeof calls.one } & {
    [K in `create${Capitalize<One>}`]: typeof calls.create;
  } & { [K in `update${Capitalize<One>}`]: typeof calls.update } & {
    [K in `delete${Capitalize<One>}`]: typeof calls.delete;
  };
}

/**
 * A family's groups (terminal groups, media groups, illumination groups) at …/<path>, the plural name in
 * lower case (`mediaGroups`: …/mediagroups): `recordCalls` with the page at <path>/pages, `id` their key
 * and `deletedAnswer`, and the delete of several (DELETE <path>, form body ids=1,2,3), `delete<Many>`,
 * described by `texts.several`. The page comes apart (`list`) from the rest (`records`, the delete of
 * several last), so the family may put its own calls between them.
 */
export function groupCalls<
  S extends string,
  const One extends string,
  const Many extends string,
  Row extends z.ZodType,
  Body extends z.ZodType,
>(
  e: FamilyEndpoints<S>,
  names: readonly [One, Many],
  schemas: { row: Row; body: Body },
  texts: RecordNotes & { noun: readonly [string, string]; several: string },
) {
  const { noun, several, ...notes } = texts;
  const path = names[1].toLowerCase() as Lowercase<Many>;
  const all = recordCalls(
    e,
    { names, path, id: 'id', list: `${path}/pages`, noun },
    { row: schemas.row, detail: schemas.row, body: schemas.body, deleted: deletedAnswer },
    notes,
  );
  const { [names[1]]: list, ...records } = all as Record<string, unknown>;
  const deleteSeveral = e.delete(path, { body: idsBody, response: deletedAnswer, summary: several });
  type All = typeof all;
  return {
    list: list as All[Many],
    records: { ...records, [`delete${names[1][0]!.toUpperCase()}${names[1].slice(1)}`]: deleteSeveral } as Omit<
      All,
      Many
    > & { [K in `delete${Capitalize<Many>}`]: typeof deleteSeveral },
  };
}

/**
 * A family's timed policies at …/policies (the server kit's policy store keeps them): `recordCalls` named
 * policy / policies with `policyId` their key and `recordDeleted`, `noun` its summaries' words; the body
 * any object, `checkedBy` saying what the server checks it with (the settings of the time of the call).
 * Then their use and its end on `targets.on` (POST …/policies/:policyId/use and …/remove, `targets.body`
 * answered with `targets.response`), `targets.after` saying what follows.
 */
export function policyCalls<
  S extends string,
  Row extends z.ZodType,
  TargetsBody extends z.ZodType,
  TargetsResponse extends z.ZodType,
>(
  e: FamilyEndpoints<S>,
  noun: readonly [string, string],
  schemas: { row: Row; checkedBy: string },
  targets: { body: TargetsBody; response: TargetsResponse; on: string; after: string },
  notes: RecordNotes = {},
) {
  const body = z.record(z.string(), z.unknown()).describe(schemas.checkedBy);
  const use = { body: targets.body, response: targets.response };
  return {
    ...recordCalls(
      e,
      { names: ['policy', 'policies'], path: 'policies', id: 'policyId', noun },
      { row: schemas.row, detail: schemas.row, body, deleted: recordDeleted },
      notes,
    ),
    usePolicy: e.post('policies/:policyId/use', { ...use, summary: `Use a policy on ${targets.on}${targets.after}` }),
    removePolicy: e.post('policies/:policyId/remove', {
      ...use,
      summary: `Stop using a policy on ${targets.on}${targets.after}`,
    }),
  };
}

/** What a device family takes of the traits (`deviceCalls`): its commands, events, children, readings. */
export interface DeviceTraits {
  commands?: readonly FamilyCommand[];
  /** Its events (default), with its children's (carriers), or none. */
  events?: boolean | 'withChildren';
  children?: boolean;
  /** Powers other devices from its circuits (a cabinet): `fed` lists them. */
  feeds?: boolean;
  readings?: readonly FamilyReading[];
}

// biome-ignore lint/complexity/noBannedTypes: a trait the family does not take adds nothing
type None = {};

/** The calls of `deviceCalls(e, traits)`. */
export type DeviceCalls<S extends string, T extends DeviceTraits> = ReturnType<typeof registrationCalls<S>> &
  (T['commands'] extends readonly FamilyCommand[]
    ? { [N in T['commands'][number]['name']]: CommandEndpoint<S, N> }
    : None) &
  (T['events'] extends false ? None : ReturnType<typeof eventCalls<S>>) &
  (T['children'] extends true ? ReturnType<typeof childrenCalls<S>> : None) &
  (T['feeds'] extends true ? ReturnType<typeof fedCalls<S>> : None) &
  (T['readings'] extends readonly FamilyReading[] ? ReturnType<typeof readingsCalls<S, T['readings']>> : None);

/**
 * The traits' calls of a device family, in this order: registration, its commands, its events (unless
 * `events: false`), its children, the devices it powers, its readings' history.
 */
export function deviceCalls<S extends string, const T extends DeviceTraits>(
  e: FamilyEndpoints<S>,
  traits: T,
): DeviceCalls<S, T> {
  const { commands, events = true, children, feeds, readings } = traits;
  return {
    ...registrationCalls(e),
    ...(commands ? commandCalls(e, commands) : {}),
    ...(events ? eventCalls(e, events === 'withChildren') : {}),
    ...(children ? childrenCalls(e) : {}),
    ...(feeds ? fedCalls(e) : {}),
    ...(readings ? readingsCalls(e, readings) : {}),
  } as DeviceCalls<S, T>;
}

/** A device list's online-state filter (`activeState`: -1 any, 0 offline, 1 online), the usual filter of a family's list. */
export const activeStateFilter = z.object({
  activeState: z.enum(['-1', '0', '1'], { error: 'validation.validParam' }).transform(Number).optional(),
});

/**
 * A family's device list: GET …/pages, a page of `row` searched by the keyword, the family's `filter`
 * and the project tree (with child projects).
 */
export const pageCall = <S extends string, Row extends z.ZodType, F extends z.ZodRawShape = None>(
  e: FamilyEndpoints<S>,
  row: Row,
  summary: string,
  filter?: z.ZodObject<F>,
) =>
  e.get('pages', {
    query: pageQuery.extend((filter?.shape ?? {}) as F).extend(projectTreeQuery.shape),
    response: pageOf(row),
    summary,
  });

/** A family's map: GET …/map, every device of the project (and child projects) with coordinates. */
export const mapCall = <S extends string, Point extends z.ZodType>(
  e: FamilyEndpoints<S>,
  point: Point,
  summary: string,
) => e.get('map', { query: projectTreeQuery, response: z.array(point), summary });

/**
 * A device's stored settings at …/:id/<read, in lower case>, named `names` (['config', 'saveConfig']):
 * GET answers them, PUT stores `body`, tells a connected device and answers `saved` (default: as GET).
 */
export const settingsCalls = <
  S extends string,
  const Read extends string,
  const Write extends string,
  Body extends z.ZodType,
  Response extends z.ZodType,
  Saved extends z.ZodType = Response,
>(
  e: FamilyEndpoints<S>,
  names: readonly [Read, Write],
  schemas: { body: Body; response: Response; saved?: Saved },
  summaries: readonly [read: string, write: string],
) => {
  const path = `:id/${names[0].toLowerCase() as Lowercase<Read>}` as const;
  const read = e.get(path, { response: schemas.response, summary: summaries[0] });
  const write = e.put(path, {
    body: schemas.body,
    response: (schemas.saved ?? schemas.response) as Saved,
    summary: summaries[1],
  });
  return { [names[0]]: read, [names[1]]: write } as { [K in Read]: typeof read } & { [K in Write]: typeof write };
};

/** What a PUT of stored settings answers: the settings, and whether the connected device was told too. */
export const withDelivered = <Shape extends z.ZodRawShape>(answer: z.ZodObject<Shape>) =>
  answer.extend({ delivered: z.boolean() });

/** PUT …/:id/location: a device's coordinates (its astronomical times follow them), `device` naming it. */
export const locationCall = <S extends string>(e: FamilyEndpoints<S>, device: string) =>
  e.put(':id/location', {
    body: locationBody,
    response: locationAnswer,
    summary: `Set the ${device}'s coordinates (its astronomical times follow them)`,
  });
