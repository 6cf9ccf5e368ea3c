import { fieldError } from '../../../platform/errors.js';
import type { NscRepository } from './nsc.repository.js';

export type Named = { id: number; name: string };
export type MediaRef = Named & { duration: number };
/** What an on-demand task or a timer picks: speakers and terminal groups, media in playing order. */
export interface Picks {
  deviceIds: number[];
  groupIds: number[];
  mediaIds: number[];
}

const unique = (ids: number[]) => [...new Set(ids)];
export const byName = (a: Named, b: Named) => a.name.localeCompare(b.name) || a.id - b.id;

/**
 * What on-demand tasks and timers name, read once for all of them: the project's speakers, their groups
 * with members, their media; anything no longer in the project (deleted, or another project's) left out.
 */
export async function nscPicks(nsc: NscRepository, projectId: number, items: Picks[]) {
  const groupIds = unique(items.flatMap((t) => t.groupIds));
  const mediaIds = unique(items.flatMap((t) => t.mediaIds));
  const [speakers, groups, members, media] = await Promise.all([
    nsc.speakers(projectId),
    nsc.groupsOf(groupIds),
    nsc.speakersOf(groupIds),
    mediaIds.length ? nsc.mediaOf(projectId, mediaIds) : Promise.resolve([]),
  ]);
  const speakerById = new Map(speakers.map((s) => [s.id, { id: s.id, name: s.name }]));
  const groupById = new Map(
    groups.filter((g) => g.projectId === projectId).map((g) => [g.id, { id: g.id, name: g.name }]),
  );
  const mediaById = new Map(media.map((m) => [m.id, { id: m.id, name: m.name, duration: m.duration }]));
  const pick = <V>(ids: number[], map: Map<number, V>) => ids.flatMap((id) => (map.has(id) ? [map.get(id)!] : []));
  return {
    devices: (t: Picks): Named[] => pick(t.deviceIds, speakerById),
    groups: (t: Picks): Named[] => pick(t.groupIds, groupById),
    /** Its media in playing order. */
    media: (t: Picks): MediaRef[] => pick(t.mediaIds, mediaById),
    /** The speakers it reaches: the chosen ones and its groups' members, each once, by name. */
    speakers(t: Picks): Named[] {
      const fromGroups = pick(t.groupIds, groupById).flatMap((g) => (members.get(g.id) ?? []).map((m) => m.id));
      return pick(unique([...t.deviceIds, ...fromGroups]), speakerById).sort(byName);
    },
  };
}
export type NscPicks = Awaited<ReturnType<typeof nscPicks>>;

/** Refuses picks not of the project (400 on the field, `<rules>.deviceNotFound`, …). */
export async function checkPicks(nsc: NscRepository, projectId: number, t: Picks, rules: string) {
  const l = await nscPicks(nsc, projectId, [t]);
  if (l.devices(t).length !== t.deviceIds.length) throw fieldError('deviceIds', `${rules}.deviceNotFound`);
  if (l.groups(t).length !== t.groupIds.length) throw fieldError('groupIds', `${rules}.groupNotFound`);
  if (l.media(t).length !== t.mediaIds.length) throw fieldError('mediaIds', `${rules}.mediaNotFound`);
  return l;
}
