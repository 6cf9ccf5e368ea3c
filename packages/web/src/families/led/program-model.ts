import type { LedLayer, LedLayerType, LedProgram, LedProgramBody, LedTextSubtype } from '@sc/contract/families/led';
import { ledProgramBody } from '@sc/contract/families/led';

/** A layer as the editor holds it (the contract's input: defaults filled in on save). */
export type DraftLayer = LedLayer & { key: string };
export type Draft = Omit<LedProgramBody, 'layers'> & { layers: DraftLayer[] };

let keys = 0;
const keyOf = () => `layer-${++keys}`;

/** Today as YYYY-MM-DD in the browser's time, and a year on. */
const dateOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** A new program: a 192 × 96 screen, 30 s, all day every day for a year, no layer yet. */
export function newDraft(today = new Date()): Draft {
  const nextYear = new Date(today);
  nextYear.setFullYear(today.getFullYear() + 1);
  return {
    name: '',
    no: '',
    version: 'advanced',
    priority: 0,
    repeatTimes: 1,
    language: 'zh_CN',
    description: '',
    width: 192,
    height: 96,
    durationSeconds: 30,
    startDate: dateOf(today),
    endDate: dateOf(nextYear),
    startTime: '00:00',
    endTime: '23:59',
    filter: 'none',
    weekdays: [],
    days: [],
    layers: [],
  };
}

/** A stored program as the editor's draft. */
export function draftOf(p: LedProgram): Draft {
  const {
    id: _i,
    projectId: _p,
    state: _s,
    creator: _c,
    checkedBy: _b,
    checkedAt: _a,
    createdAt: _t,
    updatedAt: _u,
    ...rest
  } = p;
  return { ...rest, layers: p.layers.map((l) => ({ ...l, key: keyOf() })) };
}

/** What the calls are sent: the draft without the editor's keys. */
export const bodyOf = (d: Draft): LedProgramBody => ({ ...d, layers: d.layers.map(({ key: _, ...l }) => l) });

/** A new layer of `type` (text of `subtype`), placed at the top left, half the screen wide, a third high. */
export function newLayer(
  type: LedLayerType,
  screen: { width: number; height: number },
  subtype?: LedTextSubtype,
): DraftLayer {
  const width = Math.max(1, Math.round(screen.width / 2));
  const height = Math.max(1, Math.round(screen.height / 3));
  return {
    key: keyOf(),
    type,
    left: 0,
    top: 0,
    width,
    height,
    resources: [],
    entryEffect: 'none',
    entryMs: 0,
    exitEffect: 'none',
    exitMs: 0,
    envDeviceId: null,
    ...(type === 'text'
      ? {
          text: {
            subtype: subtype ?? 'singleLine',
            content: '',
            font: 'sans-serif',
            fontSize: Math.max(8, Math.min(512, Math.round(height * 0.6))),
            color: '#ff0000',
            background: '#000000',
            align: 'left',
            lineHeight: 120,
            speed: 0,
            timeZone: 8,
          },
        }
      : {}),
  };
}

/** A box kept inside the screen: whole pixels, at least 1 × 1, moved back in when it goes beyond. */
export function clampBox(
  box: { left: number; top: number; width: number; height: number },
  screen: { width: number; height: number },
) {
  const width = Math.min(Math.max(1, Math.round(box.width)), screen.width);
  const height = Math.min(Math.max(1, Math.round(box.height)), screen.height);
  const left = Math.min(Math.max(0, Math.round(box.left)), screen.width - width);
  const top = Math.min(Math.max(0, Math.round(box.top)), screen.height - height);
  return { left, top, width, height };
}

/** Moves the layer at `from` to `to` (the drawing order: first drawn first, the last on top). */
export function moveLayer<T>(layers: T[], from: number, to: number): T[] {
  if (to < 0 || to >= layers.length || from === to) return layers;
  const next = [...layers];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * The draft's problems by the contract's rules (spec 001 §5), each path as the form names it
 * (`name`, `layers.0.text.content`), with its encoded message; none: it can be saved.
 */
export function problemsOf(d: Draft): Map<string, string> {
  const parsed = ledProgramBody.safeParse(bodyOf(d));
  const out = new Map<string, string>();
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    if (!out.has(path)) out.set(path, issue.message);
  }
  return out;
}

/** A layer's problems (paths below it), from the draft's. */
export const layerProblems = (problems: Map<string, string>, index: number) =>
  [...problems].filter(([path]) => path.startsWith(`layers.${index}.`) || path === `layers.${index}`);
