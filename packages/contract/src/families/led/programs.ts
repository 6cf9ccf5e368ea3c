import { z } from 'zod';
import { pageQuery } from '../../api/paging.js';
import { AUTH_LEVEL } from '../../enums.js';
import { msg } from '../../validation/message.js';
import { description, intRange, scopedName, scopedNo } from '../../validation/rules.js';
import { batchStarted } from '../kit/batches.js';
import { type FamilyEndpoints, familyPublicEndpoints } from '../kit/calls.js';
import { clockTime, isoDate } from '../kit/policy.js';
import { isoTime, namedRecord, pageOf, projectRecord, recordDeleted, reviewedRecord } from '../kit/responses.js';

/**
 * LED programs (spec 001 §3 "LED program", §4 edit and checked states, §5 program rules): a program's
 * properties, its layers placed on the screen's pixels, and every rule of §5, written once here for the
 * server and the console's editor.
 */

export const LED_PROGRAM_VERSIONS = ['advanced', 'simple'] as const;
export const LED_PROGRAM_LANGUAGES = ['zh_CN', 'en_US'] as const;
export const LED_PROGRAM_FILTERS = ['none', 'week', 'month'] as const;
/** What a layer shows: a resource's medium, text (with its subtype) or an environment monitor's readings. */
export const LED_LAYER_TYPES = ['image', 'video', 'flash', 'html', 'text', 'env'] as const;
export type LedLayerType = (typeof LED_LAYER_TYPES)[number];
/** Spec 001 §3 "Text subtypes". */
export const LED_TEXT_SUBTYPES = ['singleLine', 'multiLine', 'analogClock', 'digitalClock', 'countdown'] as const;
export type LedTextSubtype = (typeof LED_TEXT_SUBTYPES)[number];
/** Spec 001 §3 "Effects include fade in/out, moving in four directions, zoom in/out, corner zooms, rotate". */
export const LED_EFFECTS = [
  'none',
  'fade',
  'moveLeft',
  'moveRight',
  'moveUp',
  'moveDown',
  'zoom',
  'zoomTopLeft',
  'zoomTopRight',
  'zoomBottomLeft',
  'zoomBottomRight',
  'rotate',
] as const;
export type LedEffect = (typeof LED_EFFECTS)[number];
export const LED_TEXT_ALIGNS = ['left', 'center', 'right'] as const;
export const LED_PROGRAM_STATES = ['edit', 'checked'] as const;
export type LedProgramState = (typeof LED_PROGRAM_STATES)[number];

/** The limits of a program (our choices where spec 001 is silent: docs/led-programs.md). */
export const LED_PROGRAM_LIMITS = {
  screen: { min: 1, max: 10_000 },
  priority: { min: 0, max: 99 },
  repeatTimes: { min: 1, max: 9999 },
  durationSeconds: { min: 1, max: 86_400 },
  effectMs: { min: 0, max: 10_000 },
  fontSize: { min: 8, max: 512 },
  lineHeight: { min: 50, max: 400 },
  speed: { min: 0, max: 100 },
  timeZone: { min: -12, max: 14 },
  layers: 32,
  resourcesPerLayer: 16,
  text: 1000,
} as const;
const L = LED_PROGRAM_LIMITS;

const colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'led.programRules.colour');
const inRange = (r: { min: number; max: number }) => intRange(r.min, r.max);
const optionalDateTime = z.iso.datetime({ offset: true, error: 'led.programRules.deadline' });

/** A text layer's text and how it is drawn (spec 001 §3): subtype, content, font, size, colours, … */
export const ledTextStyle = z.object({
  subtype: z.enum(LED_TEXT_SUBTYPES, { error: 'led.programRules.textSubtype' }),
  content: z
    .string()
    .max(L.text, msg('validation.tooLongMax', { count: L.text }))
    .optional()
    .default(''),
  font: z.string().trim().max(64).optional().default('sans-serif'),
  fontSize: inRange(L.fontSize).optional().default(24),
  color: colour.optional().default('#ff0000'),
  background: colour.optional().default('#000000'),
  align: z.enum(LED_TEXT_ALIGNS, { error: 'validation.validParam' }).optional().default('left'),
  /** Percent of the font size. */
  lineHeight: inRange(L.lineHeight).optional().default(120),
  /** Scrolling speed of a single line, pixels per frame tick (0: still). */
  speed: inRange(L.speed).optional().default(0),
  /** Clocks: hours from UTC. */
  timeZone: inRange(L.timeZone).optional().default(8),
  /** Countdown: the moment it counts to. */
  deadline: optionalDateTime.optional(),
});
export type LedTextStyle = z.infer<typeof ledTextStyle>;

/** A layer: where it sits on the screen (pixels), what it shows, and how it comes and goes. */
export const ledLayer = z.object({
  type: z.enum(LED_LAYER_TYPES, { error: 'led.programRules.mediaType' }),
  left: inRange({ min: 0, max: L.screen.max }),
  top: inRange({ min: 0, max: L.screen.max }),
  width: inRange(L.screen),
  height: inRange(L.screen),
  resources: z
    .array(z.number().int().positive('validation.validParam'))
    .max(L.resourcesPerLayer)
    .optional()
    .default([]),
  entryEffect: z.enum(LED_EFFECTS, { error: 'validation.validParam' }).optional().default('none'),
  entryMs: inRange(L.effectMs).optional().default(0),
  exitEffect: z.enum(LED_EFFECTS, { error: 'validation.validParam' }).optional().default('none'),
  exitMs: inRange(L.effectMs).optional().default(0),
  text: ledTextStyle.optional(),
  /** An env layer's environment monitor. */
  envDeviceId: z.number().int().positive('validation.validParam').nullable().optional().default(null),
});
export type LedLayer = z.infer<typeof ledLayer>;
export type LedLayerInput = z.input<typeof ledLayer>;

/** Text subtypes that need the layer's text (the clocks and the countdown draw their own). */
const NEEDS_CONTENT: readonly LedTextSubtype[] = ['singleLine', 'multiLine'];
/** Layers that show resources. */
const NEEDS_RESOURCES: readonly LedLayerType[] = ['image', 'video', 'flash', 'html'];
/** A program with one of these holds that layer only. */
export const SOLE_LAYER_TYPES: readonly LedLayerType[] = ['html', 'env'];

/**
 * Each rule of spec 001 §5 for one layer of a `width`×`height` screen, as [path under the layer, message]:
 * the server and the editor's layer panel say the same.
 */
export function ledLayerProblems(layer: LedLayer, screen: { width: number; height: number }): [string[], string][] {
  const out: [string[], string][] = [];
  if (NEEDS_RESOURCES.includes(layer.type) && layer.resources.length === 0)
    out.push([['resources'], 'led.programRules.resourceRequired']);
  if (layer.type === 'text') {
    if (!layer.text) out.push([['text', 'subtype'], 'led.programRules.textSubtype']);
    else {
      if (NEEDS_CONTENT.includes(layer.text.subtype) && !layer.text.content.trim())
        out.push([['text', 'content'], 'led.programRules.textRequired']);
      if (layer.text.subtype === 'countdown' && !layer.text.deadline)
        out.push([['text', 'deadline'], 'led.programRules.deadlineRequired']);
    }
  }
  if (layer.type === 'env' && !layer.envDeviceId) out.push([['envDeviceId'], 'led.programRules.envDeviceRequired']);
  if (layer.left + layer.width > screen.width || layer.top + layer.height > screen.height)
    out.push([['width'], msg('led.programRules.outside', { width: screen.width, height: screen.height })]);
  return out;
}

/** The program's properties (spec 001 §3): the editor's property tab. */
export const ledProgramProperties = z.object({
  name: scopedName(),
  no: scopedNo(),
  version: z.enum(LED_PROGRAM_VERSIONS, { error: 'validation.validParam' }).optional().default('advanced'),
  priority: inRange(L.priority).optional().default(0),
  repeatTimes: inRange(L.repeatTimes).optional().default(1),
  language: z.enum(LED_PROGRAM_LANGUAGES, { error: 'validation.validParam' }).optional().default('zh_CN'),
  description: description(),
  width: z.preprocess((v) => (v === '' ? undefined : v), inRange(L.screen).optional()),
  height: z.preprocess((v) => (v === '' ? undefined : v), inRange(L.screen).optional()),
  durationSeconds: z.preprocess((v) => (v === '' ? undefined : v), inRange(L.durationSeconds).optional()),
  startDate: isoDate,
  endDate: isoDate,
  startTime: clockTime,
  endTime: clockTime,
  filter: z.enum(LED_PROGRAM_FILTERS, { error: 'validation.validParam' }).optional().default('none'),
  weekdays: z.array(intRange(1, 7)).optional().default([]),
  days: z.array(intRange(1, 31)).optional().default([]),
});

/** The rules of the properties that span fields (spec 001 §5), as [path, message]. */
export function ledPropertyProblems(p: z.infer<typeof ledProgramProperties>): [string[], string][] {
  const out: [string[], string][] = [];
  if (p.width === undefined || p.height === undefined)
    out.push([[p.width === undefined ? 'width' : 'height'], 'led.programRules.screenSize']);
  if (p.durationSeconds === undefined) out.push([['durationSeconds'], 'led.programRules.durationRequired']);
  if (p.startDate > p.endDate) out.push([['endDate'], 'led.programRules.dateRange']);
  if (p.startTime >= p.endTime) out.push([['endTime'], 'led.programRules.timeRange']);
  if (p.filter === 'week' && p.weekdays.length === 0) out.push([['weekdays'], 'led.programRules.weekdays']);
  if (p.filter === 'month' && p.days.length === 0) out.push([['days'], 'led.programRules.days']);
  return out;
}

/**
 * POST and PUT …/programs: the properties and the layers (first drawn first), every rule of spec 001 §5
 * checked: properties, at least one layer, each layer's own rules, and one layer only in an HTML or env
 * program. Resources, env monitors of the project: the server checks they exist.
 */
export const ledProgramBody = ledProgramProperties
  .extend({
    layers: z.array(ledLayer).max(L.layers, msg('led.programRules.tooManyLayers', { count: L.layers })),
  })
  .superRefine((p, ctx) => {
    const add = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    for (const [path, message] of ledPropertyProblems(p)) add(path, message);
    if (p.layers.length === 0) add(['layers'], 'led.programRules.layerRequired');
    const sole = p.layers.find((l) => SOLE_LAYER_TYPES.includes(l.type));
    if (sole && p.layers.length > 1) add(['layers'], msg('led.programRules.soleLayer', { type: sole.type }));
    if (p.width === undefined || p.height === undefined) return;
    const screen = { width: p.width, height: p.height };
    p.layers.forEach((layer, i) => {
      for (const [path, message] of ledLayerProblems(layer, screen)) add(['layers', i, ...path], message);
    });
  });
export type LedProgramBody = z.infer<typeof ledProgramBody>;
export type LedProgramInput = z.input<typeof ledProgramBody>;

/** A program as the calls answer it: its fields, layers, state and who made and checked it. */
export const ledProgram = z.object({
  ...projectRecord,
  name: z.string(),
  no: z.string(),
  version: z.enum(LED_PROGRAM_VERSIONS),
  priority: z.number().int(),
  repeatTimes: z.number().int(),
  language: z.enum(LED_PROGRAM_LANGUAGES),
  description: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  durationSeconds: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  filter: z.enum(LED_PROGRAM_FILTERS),
  weekdays: z.array(z.number().int()),
  days: z.array(z.number().int()),
  layers: z.array(ledLayer),
  state: z.enum(LED_PROGRAM_STATES),
  ...reviewedRecord,
});
export type LedProgram = z.infer<typeof ledProgram>;

/** A program in the list: without its layers, with their count and how many screens show it. */
export const ledProgramRow = ledProgram.omit({ layers: true }).extend({
  layerCount: z.number().int(),
  screens: z.number().int(),
});
export type LedProgramRow = z.infer<typeof ledProgramRow>;

/** Ids of the publish body: a list, or none. */
const publishIds = z
  .array(z.coerce.number().int('validation.validParam').positive('validation.validParam'))
  .max(10_000)
  .optional()
  .default([]);

/**
 * POST …/programs/:programId/publish: the screens and the device groups (of the project) it goes to, at
 * least one of either; the server unfolds each group to its LED screens (a group without any refused),
 * each screen once.
 */
export const ledPublishBody = z
  .object({ ids: publishIds, groupIds: publishIds })
  .refine((b) => b.ids.length + b.groupIds.length > 0, {
    path: ['ids'],
    message: 'led.programRules.screensRequired',
  });
export type LedPublishInput = z.input<typeof ledPublishBody>;

/** A device group of the project holding LED screens, as the publish dialog offers it. */
export const ledPublishGroup = z.object({
  ...namedRecord,
  /** How many LED screens it holds. */
  screens: z.number().int(),
});
export type LedPublishGroup = z.infer<typeof ledPublishGroup>;

/** One publishing of a program: when, by whom, to how many screens, and its batch (per-screen progress). */
export const ledPublishRow = z.object({
  ...projectRecord,
  programId: z.number().int(),
  programName: z.string(),
  batchId: z.string(),
  total: z.number().int(),
  creator: z.string(),
  createdAt: isoTime,
});

/** A program published to a screen: when, and whether the screen acknowledged it (and when). */
export const ledScreenProgramRow = z.object({
  programId: z.number().int(),
  name: z.string(),
  no: z.string(),
  state: z.enum(LED_PROGRAM_STATES),
  width: z.number().int(),
  height: z.number().int(),
  durationSeconds: z.number().int(),
  publishedAt: isoTime,
  delivered: z.boolean(),
  deliveredAt: isoTime.nullable(),
  /** The bytes of the program's media files the server sent the screen (every fetch of them, all publishings). */
  bytesSent: z.number().int(),
});
export type LedScreenProgramRow = z.infer<typeof ledScreenProgramRow>;

/**
 * One screen a program was published to, as the publish dialog and the history show it: whether it
 * acknowledged it and the bytes of the program's media files the server sent it.
 */
export const ledProgramScreenRow = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  publishedAt: isoTime,
  delivered: z.boolean(),
  deliveredAt: isoTime.nullable(),
  /** The bytes of the program's media files sent to this screen (every fetch of them, all publishings). */
  bytesSent: z.number().int(),
});
export type LedProgramScreenRow = z.infer<typeof ledProgramScreenRow>;

/** GET …/:id/programs: the programs published to one screen, the latest first (its page's tab). */
export const ledScreenProgramsCall = <S extends string>(e: FamilyEndpoints<S>) => ({
  screenPrograms: e.get(':id/programs', {
    response: z.array(ledScreenProgramRow),
    summary: 'The programs published to a screen, the latest first, and whether it acknowledged each',
  }),
});

/** What a screen is sent when a program is published to it (the device command `program`). */
export const LED_PROGRAM_COMMAND = 'program';

/**
 * What a screen is sent for its env layers (the device command `env`): the readings of an environment
 * monitor a layer of one of its programs is bound to, each time the monitor reports; a `program`
 * command carries the latest known ones too (`env`, a list of these).
 */
export const LED_ENV_COMMAND = 'env';
export const ledEnvReadings = z.object({
  envDeviceId: z.number().int(),
  /** The monitor's reading time (ISO). */
  at: z.string(),
  values: z.record(z.string(), z.unknown()),
});
export type LedEnvReadings = z.infer<typeof ledEnvReadings>;

/**
 * A media file of a published program, in its `program` command's `files`: the screen fetches `url`
 * (public, with a key good for that screen and that publishing only) unless it holds a file of that
 * `sha256` already.
 */
export const ledProgramFile = z.object({
  resourceId: z.number().int(),
  url: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  mime: z.string(),
});
export type LedProgramFile = z.infer<typeof ledProgramFile>;

const pub = familyPublicEndpoints('led', 'led');
/** The media files screens fetch (no sign-in: the key of the screen's publishing, docs/device-protocol.md). */
export const LED_MEDIA_API = {
  media: pub.get('media/:resourceId', {
    params: { resourceId: z.coerce.number().int('validation.validParam').positive('validation.validParam') },
    query: z.object({
      screen: z.coerce.number().int('validation.validParam').positive('validation.validParam'),
      program: z.coerce.number().int('validation.validParam').positive('validation.validParam'),
      key: z.string().min(16).max(64),
    }),
    response: z.string(),
    summary:
      "A program's media file as a screen fetches it: the key of that screen's publishing of that program, 404 otherwise",
  }),
};

const program = 'programs/:programId' as const;

/** Spec 001 §7 "led: programs with check, uncheck, authvalue, tasks, publish histories". */
export const ledProgramCalls = <S extends string>(e: FamilyEndpoints<S>) => ({
  programs: e.get('programs', {
    query: pageQuery.extend({
      state: z.enum(LED_PROGRAM_STATES, { error: 'validation.validParam' }).optional(),
    }),
    response: pageOf(ledProgramRow),
    summary: "A page of the project's LED programs, newest first",
  }),
  program: e.get(program, { response: ledProgram, summary: 'A program with its layers' }),
  createProgram: e.post('programs', {
    body: ledProgramBody,
    response: ledProgram,
    summary: 'Create a program (JSON): properties and layers, every rule of spec 001 §5',
  }),
  updateProgram: e.put(program, {
    body: ledProgramBody,
    response: ledProgram,
    summary: 'Change a program in the edit state (a checked one is unchecked first)',
  }),
  deleteProgram: e.delete(program, { response: recordDeleted, summary: 'Delete a program in the edit state' }),
  checkProgram: e.post(`${program}/check`, {
    level: AUTH_LEVEL.check,
    response: ledProgram,
    summary: 'Approve a program (check level): it can be published, no longer changed',
  }),
  uncheckProgram: e.post(`${program}/uncheck`, {
    level: AUTH_LEVEL.check,
    response: ledProgram,
    summary: 'Back to the edit state (check level)',
  }),
  publishProgram: e.post(`${program}/publish`, {
    body: ledPublishBody,
    response: batchStarted,
    summary:
      'Send a checked program to screens and device groups of the project (each group unfolded to its LED screens, each screen once); progress per screen as realtime `batch` pushes and the batch status; an offline screen gets it when it comes back',
  }),
  publishGroups: e.get('programs/groups', {
    response: z.array(ledPublishGroup),
    summary:
      "The project's device groups holding LED screens, with how many each holds (the publish dialog's groups), by name",
  }),
  programScreens: e.get(`${program}/screens`, {
    response: z.array(ledProgramScreenRow),
    summary:
      'The screens a program was published to, by name: whether each acknowledged it and the bytes of its media files the server sent each',
  }),
  publishes: e.get('publishes', {
    query: pageQuery.extend({ programId: z.coerce.number().int().positive().optional() }),
    response: pageOf(ledPublishRow),
    summary: 'The publish histories, newest first (of one program with programId)',
  }),
});
