import { DEFAULT_MAP } from '../constants.js';
import { ACTIVE_STATE, DEVICE_MODELS, type DeviceType } from '../enums.js';
import { FAMILY_MANIFESTS, familyOf } from '../families/index.js';
import { FEEDER } from '../families/kit/properties.js';
import { I18N_RESOURCES } from '../i18n/translate.js';

/**
 * What the demo looks like: a city project with three districts around the default map centre,
 * areas and groups in each, and devices of every family spread along them. Pure data (no database),
 * so the seeder, its test and the simulator agree on it: device i is the same in all three.
 */
export const DEMO_CITY = { name: '镇江示范城市', no: 'DEMO' };
export const DEMO_DISTRICTS = [
  { name: '京口区', no: 'DEMO-JK', dLng: 0.03, dLat: 0.01 },
  { name: '润州区', no: 'DEMO-RZ', dLng: -0.03, dLat: 0.005 },
  { name: '丹徒区', no: 'DEMO-DT', dLng: 0.0, dLat: -0.03 },
];
export const AREAS_PER_DISTRICT = 4;
export const GROUPS_PER_AREA = 5;

const demoOf = (type: DeviceType) => familyOf(type)!.demo;

const typeNames = I18N_RESOURCES.zh_CN.families.types;
const modelsOf = (type: DeviceType) =>
  Object.entries(DEVICE_MODELS)
    .filter(([, t]) => t === type)
    .map(([no]) => no);

/** A deterministic pseudo-random sequence, so a demo of a given size is always the same. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PlannedDevice {
  type: DeviceType;
  modelNo: string | null;
  name: string;
  no: string;
  equipmentId: string;
  /** Equipment id of the gateway that carries it (lamps, sensors, meters; a power-line gateway for lcuplc lamps), else null. */
  parentEquipmentId: string | null;
  district: number;
  area: number;
  group: number;
  lng: number;
  lat: number;
  activeState: number;
  registered: boolean;
  props: Record<string, unknown>;
}

/** Families that hang under a gateway in the demo: the gateway relays their traffic. */
export const DEMO_CHILD_TYPES: ReadonlySet<DeviceType> = new Set(
  FAMILY_MANIFESTS.filter((f) => f.demo.child).map((f) => f.type),
);

/**
 * The order of types in every block of 100 devices: three gateways first (one per district, since
 * district = index mod 3), then one device of every other family, then the rest by weight, smoothly
 * interleaved. So even a demo of 20 devices has gateways carrying children, and every family.
 */
export const DEMO_BLOCK: readonly DeviceType[] = (() => {
  const leads = FAMILY_MANIFESTS.filter((f) => f.demo.lead !== undefined).sort((a, b) => a.demo.lead! - b.demo.lead!);
  const head: DeviceType[] = leads.flatMap((f) =>
    Array.from({ length: f.demo.perDistrict ? DEMO_DISTRICTS.length : 1 }, () => f.type),
  );
  for (const f of FAMILY_MANIFESTS) if (!head.includes(f.type)) head.push(f.type);
  const left = new Map<DeviceType, number>(FAMILY_MANIFESTS.map((f) => [f.type, f.demo.weight]));
  for (const type of head) left.set(type, left.get(type)! - 1);
  // Smooth weighted round robin over what is left (deterministic, no clusters of one type).
  const total = [...left.values()].reduce((a, b) => a + b, 0);
  const current = new Map<DeviceType, number>([...left.keys()].map((t) => [t, 0]));
  const tail: DeviceType[] = [];
  for (let n = 0; n < total; n++) {
    let best: DeviceType | null = null;
    for (const [type, w] of left) {
      if (w <= 0) continue;
      current.set(type, current.get(type)! + w);
      if (best === null || current.get(type)! > current.get(best)!) best = type;
    }
    current.set(best!, current.get(best!)! - total);
    tail.push(best!);
  }
  return [...head, ...tail];
})();

export const demoEquipmentId = (index: number) => `DEMO${String(index + 1).padStart(6, '0')}`;

/** Index of the gateway of device `index`'s district in its block of 100 (a lower index). */
export function demoParentIndex(index: number): number | null {
  if (!DEMO_CHILD_TYPES.has(DEMO_BLOCK[index % DEMO_BLOCK.length]!)) return null;
  const start = index - (index % DEMO_BLOCK.length);
  for (let k = 0; k < 3; k++)
    if ((start + k) % DEMO_DISTRICTS.length === index % DEMO_DISTRICTS.length) return start + k;
  return null;
}

/** Model → the family that carries demo children of that model instead of the gateway (manifest `demo.carries`). */
export const DEMO_CARRIERS: ReadonlyMap<string, DeviceType> = new Map(
  FAMILY_MANIFESTS.flatMap((f) => (f.demo.carries ?? []).map((model) => [model, f.type] as const)),
);

/** Index of the nearest device of `type` before `index` in the same district (null: none yet). */
export function demoCarrierIndex(index: number, type: DeviceType): number | null {
  const districts = DEMO_DISTRICTS.length;
  // A block position falls in every district within `districts` blocks (or never): look no further.
  for (let j = index - districts; j >= 0 && j > index - (districts + 1) * DEMO_BLOCK.length; j -= districts)
    if (DEMO_BLOCK[j % DEMO_BLOCK.length] === type) return j;
  return null;
}

const FEEDER_TYPE = FAMILY_MANIFESTS.find((f) => f.demo.feeds)?.type;
const FED_TYPES = new Set(FAMILY_MANIFESTS.filter((f) => f.fields.some((p) => p.key === FEEDER.no)).map((f) => f.type));

/** The feeder properties of device `index`: the nearest earlier cabinet of its district and one of its circuits. */
function demoFeeder(index: number, type: DeviceType): Record<string, unknown> {
  if (!FEEDER_TYPE || !FED_TYPES.has(type)) return {};
  const at = demoCarrierIndex(index, FEEDER_TYPE);
  if (at === null) return {};
  const cabinet = planDevices(at, at + 1)[0]!;
  const circuits = Number(cabinet.props.circuitCount) || 1;
  return { [FEEDER.no]: cabinet.no, [FEEDER.circuit]: 1 + ((index + 1) % circuits) };
}

/** Devices `from` (inclusive) to `to` (exclusive) of the demo: ranges allow seeding in batches. */
export function planDevices(from: number, to: number): PlannedDevice[] {
  const types = DEMO_BLOCK;
  const out: PlannedDevice[] = [];
  for (let i = from; i < to; i++) {
    const random = rng(i + 1);
    const type = types[i % types.length]!;
    const district = i % DEMO_DISTRICTS.length;
    const area = Math.floor(random() * AREAS_PER_DISTRICT);
    const group = Math.floor(random() * GROUPS_PER_AREA);
    const d = DEMO_DISTRICTS[district]!;
    // Devices line streets: a row per group, spread along it.
    const lng = DEFAULT_MAP.lng + d.dLng + (area - 1.5) * 0.008 + (random() - 0.5) * 0.01;
    const lat = DEFAULT_MAP.lat + d.dLat + (group - 2) * 0.002 + (random() - 0.5) * 0.0015;
    const roll = random();
    const models = modelsOf(type);
    const draw = random();
    let modelNo = models.length ? models[Math.floor(draw * models.length)]! : null;
    let parent = demoParentIndex(i);
    // A child whose model another family carries (a power-line lamp controller) hangs under the
    // nearest earlier such carrier of its district; before the district has one, it takes another model.
    const carrier = parent !== null && modelNo ? DEMO_CARRIERS.get(modelNo) : undefined;
    if (carrier) {
      const at = demoCarrierIndex(i, carrier);
      if (at !== null) parent = at;
      else {
        const others = models.filter((m) => !DEMO_CARRIERS.has(m));
        modelNo = others[Math.floor(draw * others.length)]!;
      }
    }
    const seq = String(i + 1).padStart(6, '0');
    out.push({
      type,
      modelNo,
      name: `${typeNames[type]}${seq}`,
      // The whole type code (six letters of it read as a cut: LIGHTI-, WATTHO-, GATEWA-).
      no: `${type.toUpperCase()}-${seq}`,
      equipmentId: demoEquipmentId(i),
      parentEquipmentId: parent === null ? null : demoEquipmentId(parent),
      district,
      area,
      group,
      lng: Math.round(lng * 1e6) / 1e6,
      lat: Math.round(lat * 1e6) / 1e6,
      activeState: roll < 0.85 ? ACTIVE_STATE.active : roll < 0.95 ? ACTIVE_STATE.unknown : ACTIVE_STATE.error,
      registered: roll < 0.95,
      props: { ...demoOf(type).props?.(random), ...demoFeeder(i, type) },
    });
  }
  return out;
}
