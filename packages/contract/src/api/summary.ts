import { z } from 'zod';
import { msg } from '../validation/message.js';
import { altCodeRule, intRange, nameRule } from '../validation/rules.js';
import type { LayoutUnit } from './summary-responses.js';

/**
 * The project summary dashboard (spec 001 §2 pjtprojectsummary, §3 "Summary layout"): its units with
 * the spec's codes and the layouts that place them on a grid (the answers: summary-responses.ts).
 */
export const SUMMARY_UNITS = {
  DEVICE_SUMMARY: 1,
  DEVICE_ONLINE: 2,
  DEVICE_EVENT: 3,
  DEVICE_MAINTENANCE: 4,
  ENV_SUMMARY: 5,
  VTT_SUMMARY: 6,
  LIGHT_RATE: 7,
  CAMERA_WINDOW: 8,
  ENV_WINDOW: 9,
  LIGHT_WINDOW: 10,
  LED_WINDOW: 11,
  WIFI_SUMMARY: 12,
  WIFI_WINDOW: 13,
  POWER_CONSUMPTION: 14,
} as const;
export type SummaryUnitName = keyof typeof SUMMARY_UNITS;
export type SummaryUnitCode = (typeof SUMMARY_UNITS)[SummaryUnitName];
export const SUMMARY_UNIT_NAMES = Object.keys(SUMMARY_UNITS) as SummaryUnitName[];
export const SUMMARY_UNIT_CODES = Object.values(SUMMARY_UNITS) as SummaryUnitCode[];
export const summaryUnitName = (code: number): SummaryUnitName | undefined =>
  SUMMARY_UNIT_NAMES.find((name) => SUMMARY_UNITS[name] === code);

/** The parts of the product a unit can wait for. */
export const SUMMARY_WAITS_FOR = ['videoAnalysis', 'cameraFamily', 'ledFamily'] as const;
export type SummaryWaitsFor = (typeof SUMMARY_WAITS_FOR)[number];

/**
 * Units whose data comes from a part of the product not built yet, with what each waits for (an i18n
 * key `summary.waits.<what>`): the dashboard shows them as an empty state saying so.
 */
export const SUMMARY_WAITING: Partial<Record<SummaryUnitName, SummaryWaitsFor>> = {
  VTT_SUMMARY: 'videoAnalysis',
  CAMERA_WINDOW: 'cameraFamily',
  LED_WINDOW: 'ledFamily',
};

/** Layout grids (spec 001 §9 "Layout grids 2x2, 3x3"): the number of columns and rows. */
export const LAYOUT_GRIDS = [2, 3] as const;
export type LayoutGrid = (typeof LAYOUT_GRIDS)[number];
export const LAYOUT_PRIORITY = { min: 1, max: 9999 } as const;

const cell = (max: number) => intRange(0, max);
const layoutUnit = z.object({
  code: z.coerce
    .number({ error: 'summary.rules.unitCode' })
    .refine((c) => (SUMMARY_UNIT_CODES as number[]).includes(c), 'summary.rules.unitCode')
    .transform((c) => c as SummaryUnitCode),
  x: cell(2),
  y: cell(2),
  w: intRange(1, 3),
  h: intRange(1, 3),
});

/** A form sends the units as JSON text; JSON bodies send the array itself. */
const unitsField = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z
    .array(layoutUnit, { error: 'summary.rules.unitsRequired' })
    .min(1, 'summary.rules.unitsRequired')
    .max(9, msg('summary.rules.unitsMax', { count: 9 })),
);

/** `true`/`false`, `1`/`0`, `on` from a form. */
const flag = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 'on' ? true : v === 'false' || v === '0' || v === '' ? false : v),
  z.boolean({ error: 'validation.validParam' }),
);

/**
 * Where the units of a layout break the grid: outside it, over another unit, or twice the same unit.
 * Server and console check with it (the editor shows the message before saving).
 */
export function layoutProblem(grid: number, units: readonly LayoutUnit[]): { index: number; key: string } | null {
  const taken = new Map<string, number>();
  const seen = new Set<number>();
  for (const [index, u] of units.entries()) {
    if (seen.has(u.code)) return { index, key: 'summary.rules.unitTwice' };
    seen.add(u.code);
    if (u.x + u.w > grid || u.y + u.h > grid) return { index, key: msg('summary.rules.outsideGrid', { grid }) };
    for (let x = u.x; x < u.x + u.w; x++)
      for (let y = u.y; y < u.y + u.h; y++) {
        if (taken.has(`${x},${y}`)) return { index, key: 'summary.rules.overlap' };
        taken.set(`${x},${y}`, index);
      }
  }
  return null;
}

/** POST and PUT summarylayouts.do: name and no as every project-scoped record (spec 001 §5). */
export const summaryLayoutBody = z
  .object({
    name: nameRule(2, 32),
    no: altCodeRule(2, 32),
    grid: z.coerce
      .number({ error: 'summary.rules.grid' })
      .refine((g) => (LAYOUT_GRIDS as readonly number[]).includes(g), 'summary.rules.grid')
      .transform((g) => g as LayoutGrid),
    isDefault: flag.optional().default(false),
    priority: intRange(LAYOUT_PRIORITY.min, LAYOUT_PRIORITY.max).optional(),
    units: unitsField,
  })
  .superRefine((body, ctx) => {
    const problem = layoutProblem(body.grid, body.units);
    if (problem) ctx.addIssue({ code: 'custom', path: ['units'], message: problem.key });
  });
export type SummaryLayoutBody = z.infer<typeof summaryLayoutBody>;

/** PUT summarylayouts.do/{id}/priority: the layout's place in the list (lower first). */
export const layoutPriorityBody = z.object({
  priority: intRange(LAYOUT_PRIORITY.min, LAYOUT_PRIORITY.max),
});

/**
 * The layout a project without layouts shows: the nine units that have data first, then the rest
 * can be placed by an editor.
 */
export const BUILTIN_LAYOUT: { grid: LayoutGrid; units: LayoutUnit[] } = {
  grid: 3,
  units: [
    { code: 1, x: 0, y: 0, w: 1, h: 1 },
    { code: 2, x: 1, y: 0, w: 1, h: 1 },
    { code: 3, x: 2, y: 0, w: 1, h: 1 },
    { code: 7, x: 0, y: 1, w: 1, h: 1 },
    { code: 5, x: 1, y: 1, w: 1, h: 1 },
    { code: 9, x: 2, y: 1, w: 1, h: 1 },
    { code: 14, x: 0, y: 2, w: 2, h: 1 },
    { code: 10, x: 2, y: 2, w: 1, h: 1 },
  ],
};
