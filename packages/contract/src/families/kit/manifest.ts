import type { z } from 'zod';
import type { ApiGrant, CatalogueEntry, ModuleCode } from '../../catalogue/types.js';
import type { EndpointTable } from '../../endpoints/endpoint.js';
import type { DeviceModelCode, DeviceType } from '../../enums.js';
import type { SettingDefinition } from '../../settings/kinds.js';
import type { FamilyDefinition } from '../types.js';
import { type Property, properties } from './properties.js';

/** A telemetry reading the family sends (docs/device-protocol.md), with its unit. */
export interface FamilyReading {
  key: string;
  unit: string;
  /** Plausible range, for the simulator and for dropping nonsense (kept out as null). */
  min: number;
  max: number;
  /** Energy-like (a quantity per interval): rollups and long charts add it up instead of averaging it. */
  sum?: boolean;
  /**
   * A cumulative register (a meter's reading, a lamp's energy or hours since installation): stored at
   * double precision, since single precision keeps about 7 digits and a register of 1,234,567.89 kWh
   * would read 1,234,568.
   */
  register?: boolean;
  /** Decimals shown (and exported): one when omitted, sensors measuring no finer; a power factor has two. */
  decimals?: number;
  /**
   * A state carried as a number (0, 1, 2…): shown and exported as the words `<texts>.<values[n]>`
   * instead of the number (a lamp's power 0/1 as off/on).
   */
  words?: ReadingWords;
}

/** The words of a state carried as a number: value n reads `<texts>.<values[n]>`. */
export interface ReadingWords {
  texts: string;
  values: readonly string[];
}

/** An event code the family's devices report (besides the platform's own OFFLINE). */
export interface FamilyEvent {
  code: string;
  level: 'info' | 'warning' | 'alarm';
}

/** A command the family's devices answer over MQTT; the console calls POST …/{id}/{name}. */
export interface FamilyCommand {
  name: string;
  /** What the caller may send (JSON body); the server validates it and adds what the device needs. */
  args: z.ZodType<Record<string, unknown>>;
  /** Asks for a confirmation in the console (reboots, clearing). */
  dangerous?: boolean;
}

/** Texts of one language: merged into the i18n resources by namespace (`families`, `menu`, own ones). */
export type FamilyTexts = Record<string, Record<string, unknown>>;

/**
 * A family's texts in both languages, in its folder's `i18n.ts` (listed in families/texts.ts). Not part
 * of the manifest: the console loads them with its frame, after sign-in, so that the login page does
 * not carry every family's texts (issue 12); the server merges them into its catalogues (translate.ts).
 */
export type FamilyI18n = { zh_CN: FamilyTexts; en_US: FamilyTexts };

/** How the family appears in the demo city (demo/plan.ts). */
export interface FamilyDemo {
  /** How common the family is in a city (relative). */
  weight: number;
  /** Place at the head of every block of 100 (lower first): even a small demo has one. */
  lead?: number;
  /** One per district at the head (the devices that carry children). */
  perDistrict?: boolean;
  /** Hangs under its district's carrier in the demo (its traffic is relayed). */
  child?: boolean;
  /**
   * Children of these models hang under the nearest earlier device of this family in their district
   * instead of the ordinary gateway (a power-line gateway carries the power-line lamp controllers).
   */
  carries?: readonly DeviceModelCode[];
  /**
   * Powers devices from its circuits (a cabinet): a demo device with the feeder properties takes the
   * nearest earlier such device of its district as its feeder, on one of its circuits.
   */
  feeds?: boolean;
  /** Type properties of demo device; may draw from `random` (always the same draws for a device). */
  props?: (random: () => number) => Record<string, unknown>;
}

/**
 * Everything the contract knows of one device family, in its folder `families/<slug>/`. The list in
 * families/index.ts names the families (and families/texts.ts their texts); the catalogue, settings,
 * demo plan and the server's ingest, broker, activity and retention read from it.
 */
export interface FamilyManifest<
  A extends EndpointTable = EndpointTable,
  R extends Record<string, z.ZodType> = Record<string, z.ZodType>,
> extends FamilyDefinition {
  /** Short code: the `/api/pjts/{projectId}/iot/{slug}/…` segment and the folder name on every side. */
  slug: string;
  /** Module a project is authorised for to use the family's screens. */
  module: ModuleCode;
  /** Speaks for its children on MQTT (relays their traffic, lists them in its heartbeat). */
  relaysChildren: boolean;
  /**
   * Other device types its devices work with, by role (a power-line gateway's lamps; an illumination
   * sensor's gateway and lamps): data, as `parentTypes` is, so that the family's code reads them from
   * its own manifest (`peerOf`) and names no other family.
   */
  peers?: Readonly<Record<string, DeviceType>>;
  /** Its devices are lamp control units (LCUs): the ones a gateway's `clearlcus` clears. */
  lampControlUnit?: boolean;
  readings: readonly FamilyReading[];
  events: readonly FamilyEvent[];
  commands: readonly FamilyCommand[];
  /** Setting after twice which a silent device turns abnormal (in `heartbeatUnit`, seconds by default). */
  heartbeat: string;
  /** Unit of the heartbeat setting: the lamp controller heartbeat is set in minutes (spec 000 §9). */
  heartbeatUnit?: 'second' | 'minute';
  /** Settings (days) of how long events and readings are kept; without one a year. */
  retention: { events?: string; readings?: string };
  /** System settings the family adds (spec 000 §9 / 001 §9). */
  settings: readonly SettingDefinition[];
  /**
   * Catalogue entries (screens and menu groups) with their API grants. `[]` while the family has no
   * screens in this phase; every listed function with `ready` must have a page in the console.
   */
  screens: readonly CatalogueEntry[];
  /** Calls that need no sign-in (`publicGrantsOf` of its public table): they join the catalogue's PUBLIC_APIS. */
  publicApis: readonly ApiGrant[];
  demo: FamilyDemo;
  /**
   * Zod schemas of the family's answers, by call, for families whose calls are not yet in `api`
   * (kept exactly as declared, so a reader needs no `!`).
   */
  responses: R;
  /**
   * Every call of the family, declared once (`familyEndpoints` and the traits' calls in kit/calls.ts):
   * the screens grant them (`grantsOf`), the server mounts them, the console calls them (`clientOf`).
   */
  api: A;
}

export interface FamilyInput
  extends Partial<
    Omit<FamilyManifest, 'type' | 'slug' | 'module' | 'props' | 'fields' | 'network' | 'demo' | 'api' | 'responses'>
  > {
  type: DeviceType;
  slug: string;
  module: ModuleCode;
  properties: readonly Property[];
  refine?: (props: Record<string, unknown>, ctx: z.RefinementCtx) => void;
  network: FamilyDefinition['network'];
  demo: FamilyDemo;
}

/**
 * A manifest with the defaults filled in and the property list turned into schema and fields; its
 * calls (`api`) and answers (`responses`) keep their exact types. Two calls of one method and path are
 * refused here (a trait's call and the family's own one).
 */
// biome-ignore lint/complexity/noBannedTypes: an empty table is the default of a family without calls yet
export function defineFamily<const A extends EndpointTable = {}, const R extends Record<string, z.ZodType> = {}>(
  input: FamilyInput & { api?: A; responses?: R },
): FamilyManifest<A, R> {
  const { properties: declared, refine, ...rest } = input;
  const list = declared.map((p) =>
    p.peer ? { ...p, field: { ...p.field, refType: peerOf({ type: input.type, peers: input.peers }, p.peer) } } : p,
  );
  const seen = new Set<string>();
  for (const call of Object.values(input.api ?? {})) {
    const key = `${call.method} ${call.path}`;
    if (seen.has(key)) throw new Error(`${input.slug}: ${key} is declared twice`);
    seen.add(key);
  }
  return {
    relaysChildren: false,
    readings: [],
    events: [],
    commands: [],
    heartbeat: 'deviceHeartbeat',
    retention: {},
    settings: [],
    screens: [],
    publicApis: [],
    responses: {} as R,
    api: {} as A,
    ...rest,
    ...properties(list, refine),
  };
}

/** The device type a family works with in `role` (its manifest's `peers`); a missing one is a programming error. */
export function peerOf(manifest: Pick<FamilyManifest, 'type' | 'peers'>, role: string): DeviceType {
  const type = manifest.peers?.[role];
  if (!type) throw new Error(`family ${manifest.type} declares no peer '${role}'`);
  return type;
}
