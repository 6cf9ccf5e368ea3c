import { z } from 'zod';
import { pageQuery } from '../../api/paging.js';
import { UPLOAD_LIMITS } from '../../constants.js';
import { grantOf, grantsOf, publicGrantsOf, storedFile } from '../../endpoints/endpoint.js';
import { msg } from '../../validation/message.js';
import { description, intRange, scopedName, scopedNo } from '../../validation/rules.js';
import { batchCalls } from '../kit/batches.js';
import { activeStateFilter, deviceCalls, familyEndpoints, pageCall } from '../kit/calls.js';
import { blank } from '../kit/forms.js';
import { defineFamily } from '../kit/manifest.js';
import { ipNetwork } from '../kit/planned.js';
import { int } from '../kit/properties.js';
import { type ReadingKey, reading } from '../kit/readings.js';
import {
  deviceRow,
  isoTime,
  latestReport,
  pageOf,
  projectColumn,
  projectRecord,
  recordDeleted,
} from '../kit/responses.js';
import { deviceScreens, familyMenu } from '../kit/screens.js';
import { LED_MEDIA_API, ledProgramCalls, ledScreenProgramsCall } from './programs.js';

export * from './programs.js';

/** Spec 001 §5 "LED brightness 1-255, volume 0-15". */
export const LED_BRIGHTNESS = { min: 1, max: 255 } as const;
export const LED_VOLUME = { min: 0, max: 15 } as const;

/**
 * What a screen reports (docs/device-protocol.md "LED"): brightness, volume and power (1 on, 0 off),
 * with `playing`, the name of what it shows now (text, not a reading).
 */
export const LED_READINGS = [
  reading('brightness', '', [LED_BRIGHTNESS.min, LED_BRIGHTNESS.max]),
  reading('volume', '', [LED_VOLUME.min, LED_VOLUME.max]),
  reading('power', '', 1),
] as const;
export type LedReadingKey = ReadingKey<typeof LED_READINGS>;

/**
 * POST …/:id/control (spec 001 §7 "led: control"): brightness, volume and power, any of them, at least
 * one; one rule for the server and the console's form.
 */
export const ledControlBody = z
  .object({
    brightness: z.preprocess(blank, intRange(LED_BRIGHTNESS.min, LED_BRIGHTNESS.max).optional()),
    volume: z.preprocess(blank, intRange(LED_VOLUME.min, LED_VOLUME.max).optional()),
    // A form-encoded body says `true` or `false`.
    power: z.preprocess(
      (v) => (v === 'true' ? true : v === 'false' ? false : blank(v)),
      z.boolean({ error: 'validation.validParam' }).optional(),
    ),
  })
  .refine((v) => v.brightness !== undefined || v.volume !== undefined || v.power !== undefined, {
    message: 'led.rules.controlEmpty',
    path: ['brightness'],
  });
export type LedControlBody = z.infer<typeof ledControlBody>;

/** Spec 001 §7 "led: realdata, control": the screen answers its runtime at once, and takes control. */
export const LED_COMMANDS = [
  { name: 'realdata', args: z.strictObject({}) as z.ZodType<Record<string, unknown>> },
  { name: 'control', args: ledControlBody as z.ZodType<Record<string, unknown>> },
] as const;

/** What a batch may tell many screens: control (power, brightness, volume). */
export const LED_BATCH_COMMANDS = [LED_COMMANDS[1]] as const;

/** What a screen reported last: brightness, volume, power and what it shows (null: not said). */
const screenState = {
  brightness: z.number().nullable(),
  volume: z.number().nullable(),
  power: z.boolean().nullable(),
  playing: z.string().nullable(),
};

/** A screen's runtime as it reported it last (GET …/:id/runtime). */
export const ledRuntime = latestReport(screenState);
export type LedRuntime = z.infer<typeof ledRuntime>;

/** A screen in the list: its resolution (its properties), its state and its latest report. */
export const ledRow = deviceRow.extend({
  ...projectColumn,
  screenWidth: z.number().nullable(),
  screenHeight: z.number().nullable(),
  reportedAt: isoTime.nullable(),
  ...screenState,
});
export type LedRow = z.infer<typeof ledRow>;

const e = familyEndpoints('led');

/** Spec 001 §7 "led: register, realdata, control, runtime": the screens' calls, declared once. */
export const LED_API = {
  ...deviceCalls(e, { commands: LED_COMMANDS, events: false }),
  // Power, brightness and volume of many screens at once (spec 001 §3 "batch power and brightness").
  ...batchCalls(e, LED_BATCH_COMMANDS),
  page: pageCall(e, ledRow, "A page of the project's LED screens with their latest report", activeStateFilter),
  // The programs published to a screen, with their delivery (its page's tab).
  ...ledScreenProgramsCall(e),
  runtime: e.get(':id/runtime', {
    response: ledRuntime,
    summary: "A screen's latest reported runtime: brightness, volume, power and what it plays",
  }),
};

// Media resources (spec 001 §4 "LED resource", §5 "file required; mp4, flash or image under 50MB; an
// existing file must be removed before replacing").

/** The media types of a resource this console uploads (audio and env resources come later). */
export const LED_MEDIA_TYPES = ['image', 'video', 'flash', 'html', 'text'] as const;
export type LedMediaType = (typeof LED_MEDIA_TYPES)[number];

/** A resource's file is under 50 MB (spec 000 §9 upload limits). */
export const LED_MEDIA_MAX_BYTES = UPLOAD_LIMITS.ledMedia;
export const LED_MEDIA_MAX_LABEL = '50 MB';

/**
 * The content types a medium's file may have, as its bytes say (magic numbers, never its name): images,
 * mp4 video and Flash by their signature; html and text are UTF-8 text (html with an html tag).
 */
export const LED_MEDIA_MIMES: Record<LedMediaType, readonly string[]> = {
  image: ['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/webp'],
  video: ['video/mp4'],
  flash: ['application/x-shockwave-flash'],
  html: ['text/html'],
  text: ['text/plain'],
};

/** What the console's file picker offers for each type (the server still reads the content). */
export const LED_MEDIA_ACCEPT: Record<LedMediaType, string> = {
  image: '.png,.jpg,.jpeg,.gif,.bmp,.webp',
  video: '.mp4',
  flash: '.swf',
  html: '.html,.htm',
  text: '.txt',
};

/** Whether the bytes are UTF-8 text without control characters other than tab, line feed and return. */
export function isUtf8Text(bytes: Uint8Array): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a binary file has these, text does not
    return !/[\u0000-\u0008\u000b\u000e-\u001f]/.test(text);
  } catch {
    return false;
  }
}

/** The content type of a file's bytes when no signature matched: html, plain text, or nothing known. */
export function textMimeOf(bytes: Uint8Array): 'text/html' | 'text/plain' | null {
  if (!isUtf8Text(bytes)) return null;
  const head = new TextDecoder().decode(bytes.subarray(0, 4096)).toLowerCase();
  return /<(!doctype\s+html|html[\s>])/.test(head) ? 'text/html' : 'text/plain';
}

export type LedMediaProblem = 'fileRequired' | 'tooLarge' | 'wrongType';

/**
 * Why a file cannot be a resource of `mediaType` (an i18n key under `led.rules.*`, with `ledMediaParams`),
 * or null: `mime` is what its bytes are (null: not known), `size` its length.
 */
export function ledMediaProblem(mediaType: LedMediaType, mime: string | null, size: number): LedMediaProblem | null {
  if (size === 0) return 'fileRequired';
  if (size >= LED_MEDIA_MAX_BYTES) return 'tooLarge';
  if (!mime || !LED_MEDIA_MIMES[mediaType].includes(mime)) return 'wrongType';
  return null;
}

/** The parameters of a media problem's message. */
export const ledMediaParams = (mediaType: LedMediaType) => ({
  max: LED_MEDIA_MAX_LABEL,
  kinds: LED_MEDIA_ACCEPT[mediaType].replaceAll(',', ' '),
});

/**
 * A resource's fields (multipart fields of POST …/resources beside `file`, and PUT's JSON body): name
 * and no as in every project record (spec 001 §5), its media type, a description.
 */
export const ledResourceBody = z.object({
  name: scopedName(),
  no: scopedNo(),
  mediaType: z.enum(LED_MEDIA_TYPES, { error: msg('validation.required') }),
  description: description(),
});
export type LedResourceBody = z.infer<typeof ledResourceBody>;

/**
 * The file picked in the console (a File, or anything with a size): present, not empty and under the
 * limit. Its type is read from its content by the server (`ledMediaProblem`), which alone can. A function:
 * built where it is used, not on every page that loads the catalogue.
 */
export const ledFileRule = () =>
  z
    .custom<{ size: number }>(
      (f) => typeof f === 'object' && f !== null && typeof (f as { size?: unknown }).size === 'number',
      'led.rules.fileRequired',
    )
    .refine((f) => f.size > 0, 'led.rules.fileRequired')
    .refine((f) => f.size < LED_MEDIA_MAX_BYTES, msg('led.rules.tooLarge', { max: LED_MEDIA_MAX_LABEL }));

/** A resource as listed: its fields, its file (null once removed) and who made it when. */
export const ledResourceRow = z.object({
  ...projectRecord,
  name: z.string(),
  no: z.string(),
  mediaType: z.enum(LED_MEDIA_TYPES),
  description: z.string(),
  fileName: z.string().nullable(),
  mime: z.string().nullable(),
  size: z.number().int().nullable(),
  creator: z.string(),
  createdAt: isoTime,
});
export type LedResourceRow = z.infer<typeof ledResourceRow>;

const resource = 'resources/:resourceId' as const;

/** The media resources of a project (spec 001 §7 "led: resources with file upload"). */
export const LED_RESOURCE_API = {
  resources: e.get('resources', {
    query: pageQuery.extend({
      mediaType: z.enum(LED_MEDIA_TYPES, { error: 'validation.validParam' }).optional(),
    }),
    response: pageOf(ledResourceRow),
    summary: "A page of the project's LED media resources, newest first",
  }),
  // Multipart (fields of ledResourceBody and the file `file`): the server reads them itself.
  createResource: e.post('resources', {
    response: ledResourceRow,
    summary: `Create a resource: multipart fields name, no, mediaType, description and the file \`file\` (by its content: png, jpeg, gif, bmp or webp image, mp4 video, Flash, html or UTF-8 text) under ${LED_MEDIA_MAX_LABEL}`,
  }),
  updateResource: e.put(resource, {
    body: ledResourceBody,
    response: ledResourceRow,
    summary: "Change a resource's name, no, media type (the file must be of it) and description",
  }),
  deleteResource: e.delete(resource, { response: recordDeleted, summary: 'Delete a resource with its file' }),
  putFile: e.post(`${resource}/file`, {
    response: ledResourceRow,
    summary: `Give a resource without a file its file (multipart \`file\`, under ${LED_MEDIA_MAX_LABEL}); a resource that has one is refused: remove it first`,
  }),
  removeFile: e.delete(`${resource}/file`, {
    response: ledResourceRow,
    summary: "Remove a resource's file (before another replaces it)",
  }),
  file: e.get(`${resource}/file`, {
    response: storedFile,
    summary: "A resource's file, as its own media type (the console's preview)",
  }),
};

/** Programs: composed, checked (check level), published to screens, with the publish histories. */
export const LED_PROGRAM_API = ledProgramCalls(e);

const led = familyMenu('pjtled', 'led');

/**
 * LED screens (spec 001 §3 "LED"): the list, one screen and the media resources are built; programs,
 * the program editor and the live view are held in the catalogue, not ready.
 */
export const ledManifest = defineFamily({
  type: 'led',
  slug: 'led',
  module: 'led',
  properties: [int('screenWidth', 1, 10000, 'px'), int('screenHeight', 1, 10000, 'px')],
  network: ipNetwork(),
  readings: LED_READINGS,
  commands: LED_COMMANDS,
  // An env layer of a program shows an environment monitor's readings.
  peers: { envMonitor: 'envmonitor' },
  api: { ...LED_API, ...LED_RESOURCE_API, ...LED_PROGRAM_API, ...LED_MEDIA_API },
  publicApis: publicGrantsOf(LED_MEDIA_API),
  screens: [
    ...deviceScreens({ slug: 'led', module: 'led', icon: 'DesktopOutlined' }, grantsOf(LED_API), [
      { key: 'pjtledresourcelist', icon: 'FileImageOutlined', apis: grantsOf(LED_RESOURCE_API) },
    ]),
    led('pjtledprogramlist', 'OrderedListOutlined', {
      ready: true,
      apis: [
        ...grantsOf(LED_PROGRAM_API),
        ...grantsOf({ resources: LED_RESOURCE_API.resources }),
        ...[LED_API.page, LED_API.batchStatus].map(grantOf),
      ],
    }),
    led('pjtledprogram', 'EditOutlined', { menu: false, authOf: 'pjtledprogramlist', ready: true }),
    led('pjtledlive', 'PlayCircleOutlined', {
      ready: true,
      apis: [...[LED_API.page, LED_API.runtime, LED_API.screenPrograms, LED_PROGRAM_API.program].map(grantOf)],
    }),
  ],
  demo: { weight: 3, props: () => ({ screenWidth: 192, screenHeight: 96 }) },
});
