import { z } from 'zod';
import { msg } from '../../validation/message.js';
import {
  description,
  intRange,
  latitude,
  listedId,
  longitude,
  PATTERNS,
  scopedName,
  scopedNo,
} from '../../validation/rules.js';
import { commandsOf } from '../kit/commands.js';
import { binFirmware, checkFirmwareFile, UPGRADE_STATES, type UpgradeState } from '../kit/firmware.js';
import { alarmConfigBody, formFlag } from '../kit/forms.js';
import {
  ADDRESS_TYPES,
  BAUD_RATES,
  type CommArgs,
  commBody,
  downCommBody,
  PARITIES,
  PERIPHERAL_KINDS,
  PERIPHERAL_PORTS,
  PERIPHERAL_PROTOCOLS,
  type Peripheral,
  type Peripherals,
  peripheralBody,
  peripheralsBody,
  TRANSFER_TYPES,
  upCommBody,
} from '../kit/link.js';
import type { FamilyReading } from '../kit/manifest.js';
import { policyCycle, policyUnits } from '../kit/policy.js';
import { type ReadingKey, reading, threePhase } from '../kit/readings.js';

/**
 * Centralized controllers (cabinets, spec 001 §3 "MTC", §4, §5, §9): what a cabinet reports, what it
 * is told, how it is configured. docs/device-protocol.md "Centralized controllers" describes the wire.
 */

const range = (min: number, max: number) => intRange(min, max);

/** A cabinet switches up to 32 circuits (the `circuitCount` property, 1-32; 8 when not given). */
export const MTC_MAX_CIRCUITS = 32;
export const MTC_DEFAULT_CIRCUITS = 8;
export const MTC_PHASES = ['a', 'b', 'c'] as const;
export type MtcPhase = (typeof MTC_PHASES)[number];

/** Modes of spec 001 §4: switched by hand, or by its policies on its own clock. */
export const MTC_MODES = ['manual', 'policy'] as const;
export type MtcMode = (typeof MTC_MODES)[number];

/** Default server port of the up link (spec 001 §5, §9) and the allowed ports. */
export const MTC_DEFAULT_PORT = 18089;
export const MTC_PORT_RANGE = [1024, 65535] as const;
/** Version format MTCx.x.xx (spec 001 §5). */
export const MTC_VERSION_PATTERN = /^MTC\d\.\d\.\d\d$/;

// ── Device time: UNIX seconds at UTC+8 on the wire (spec 001 §5) ──────────────────────────────────────

/** Seconds the cabinet's clock is ahead of UTC: it counts UNIX seconds of Beijing time. */
export const MTC_WIRE_OFFSET_SECONDS = 8 * 3600;
/** An instant as the cabinet's clock reads it (what `correcttime` sends). */
export const toMtcTime = (at: Date): number => Math.floor(at.getTime() / 1000) + MTC_WIRE_OFFSET_SECONDS;
/** The instant a cabinet's clock reading stands for. */
export const fromMtcTime = (seconds: number): Date => new Date((seconds - MTC_WIRE_OFFSET_SECONDS) * 1000);

// ── Circuits: bit masks on the wire, bit n-1 for circuit n ───────────────────────────────────────────

/** The circuits (1-based numbers) whose bits are set in a mask. */
export function circuitsOfMask(mask: number, count = MTC_MAX_CIRCUITS): number[] {
  const out: number[] = [];
  for (let n = 1; n <= count; n++) if (Math.floor(mask / 2 ** (n - 1)) % 2 === 1) out.push(n);
  return out;
}
/** The mask of a list of circuit numbers (duplicates count once). */
export function maskOfCircuits(circuits: readonly number[]): number {
  let mask = 0;
  for (const n of new Set(circuits)) if (n >= 1 && n <= MTC_MAX_CIRCUITS) mask += 2 ** (n - 1);
  return mask;
}
/** Whether circuit n's bit is set. */
export const circuitBit = (mask: number, n: number) => Math.floor(mask / 2 ** (n - 1)) % 2 === 1;

/** The mask fields a report carries (each 0 … 2^32-1). */
export const MTC_CIRCUIT_MASKS = [
  'circuitEnable',
  'circuitSetting',
  'circuitActual',
  'circuitActive',
  'circuitCableTheft',
] as const;
export type MtcCircuitMask = (typeof MTC_CIRCUIT_MASKS)[number];

/**
 * Telemetry readings of a cabinet (docs/device-protocol.md): three phases (voltage V, current mA,
 * active power W), the totals, leakage, cabinet temperature and how many circuits are on. The circuit
 * masks, mode, device time, version and peripherals travel beside them but are not readings.
 */
export const MTC_READINGS = [
  ...threePhase('voltage', 'V', 500),
  ...threePhase('current', 'mA', 1_000_000),
  ...threePhase('power', 'W', 500_000),
  reading('activePower', 'W', 1_500_000),
  reading('powerFactor', '', 1, { decimals: 2 }),
  reading('energyTotal', 'kWh', 100_000_000),
  reading('energy', 'kWh', 10_000, { sum: true }),
  reading('leakageCurrent', 'mA', 1000),
  reading('temperature', '°C', [-50, 250]),
  reading('circuitsOn', '', MTC_MAX_CIRCUITS),
] as const satisfies readonly FamilyReading[];
export type MtcReadingKey = ReadingKey<typeof MTC_READINGS>;

// ── Alarms (spec 001 §5 ranges; §9 system-setting ranges give the defaults) ──────────────────────────

/** The thresholds of a cabinet's alarm config (spec 001 §5): each one's range, unit and default. */
const THRESHOLDS = {
  overCurrent: { range: [1000, 9000], unit: 'mA', default: 5000 },
  underCurrent: { range: [5, 1000], unit: 'mA', default: 100 },
  overVoltage: { range: [220, 300], unit: 'V', default: 260 },
  underVoltage: { range: [180, 220], unit: 'V', default: 190 },
  leakage: { range: [5, 250], unit: 'mA', default: 30 },
  temperature: { range: [50, 250], unit: '°C', default: 70 },
  phaseCurrentDiff: { range: [1000, 50000], unit: 'mA', default: 3000 },
  phaseVoltageDiff: { range: [1, 30], unit: 'V', default: 15 },
} as const;
export type MtcThreshold = keyof typeof THRESHOLDS;
export const MTC_THRESHOLDS = Object.keys(THRESHOLDS) as MtcThreshold[];
/** Each threshold's range. */
export const MTC_ALARM_RANGES = Object.fromEntries(MTC_THRESHOLDS.map((k) => [k, THRESHOLDS[k].range])) as {
  [K in MtcThreshold]: (typeof THRESHOLDS)[K]['range'];
};
/** Each threshold's unit. */
export const MTC_ALARM_UNITS = Object.fromEntries(MTC_THRESHOLDS.map((k) => [k, THRESHOLDS[k].unit])) as Record<
  MtcThreshold,
  string
>;

/** Alarm statuses a cabinet shows (its thresholds' alarms, plus cable theft and the door). */
export const MTC_ALARM_KINDS = [...MTC_THRESHOLDS, 'cableTheft', 'door'] as const;
export type MtcAlarmKind = (typeof MTC_ALARM_KINDS)[number];

/** Same-event minimum interval (s), spec 001 §9 (the system setting `sameEventInterval` is the default). */
export const MTC_EVENT_INTERVAL = [60, 3600] as const;

/**
 * PUT …/{id}/alarmconfig: thresholds, which alarms are on (`enabled`, all by default) and the
 * same-event minimum interval (a repeat of the same event within it is neither stored nor sent).
 */
export const mtcAlarmConfigBody = alarmConfigBody(
  MTC_ALARM_RANGES,
  MTC_ALARM_KINDS,
  {
    sameEventInterval: range(...MTC_EVENT_INTERVAL)
      .optional()
      .default(300),
  },
  [
    ['underCurrent', 'overCurrent', 'mtc.rules.underBelowOverCurrent'],
    ['underVoltage', 'overVoltage', 'mtc.rules.underBelowOverVoltage'],
  ],
);
export type MtcAlarmConfig = z.infer<typeof mtcAlarmConfigBody>;

/** A cabinet's alarm config before anyone set it: each threshold's default, every alarm on. */
export const MTC_ALARM_DEFAULT: MtcAlarmConfig = {
  ...(Object.fromEntries(MTC_THRESHOLDS.map((k) => [k, THRESHOLDS[k].default])) as Record<MtcThreshold, number>),
  enabled: [...MTC_ALARM_KINDS],
  sameEventInterval: 300,
};

/**
 * Which alarms a report raises against a config: the pure rule the server and the simulator share.
 * Currents in mA, voltages in V; a phase that reports nothing (null) is left out.
 */
export function mtcAlarmsOf(
  values: Partial<Record<MtcReadingKey, number | null>>,
  config: MtcAlarmConfig,
): MtcThreshold[] {
  const on = new Set(config.enabled);
  const out: MtcThreshold[] = [];
  const nums = (keys: readonly string[]) =>
    keys.map((k) => values[k as MtcReadingKey]).filter((v): v is number => typeof v === 'number');
  const currents = nums(['currentA', 'currentB', 'currentC']);
  const voltages = nums(['voltageA', 'voltageB', 'voltageC']).filter((v) => v > 0);
  const add = (kind: MtcThreshold, when: boolean) => {
    if (when && on.has(kind)) out.push(kind);
  };
  add(
    'overCurrent',
    currents.some((c) => c > config.overCurrent),
  );
  // Under current only counts while some circuit is on (a dark cabinet draws nothing).
  add('underCurrent', (values.circuitsOn ?? 0) > 0 && currents.some((c) => c < config.underCurrent));
  add(
    'overVoltage',
    voltages.some((v) => v > config.overVoltage),
  );
  add(
    'underVoltage',
    voltages.some((v) => v < config.underVoltage),
  );
  add('leakage', typeof values.leakageCurrent === 'number' && values.leakageCurrent > config.leakage);
  add('temperature', typeof values.temperature === 'number' && values.temperature > config.temperature);
  add(
    'phaseCurrentDiff',
    currents.length > 1 && Math.max(...currents) - Math.min(...currents) > config.phaseCurrentDiff,
  );
  add(
    'phaseVoltageDiff',
    voltages.length > 1 && Math.max(...voltages) - Math.min(...voltages) > config.phaseVoltageDiff,
  );
  return out;
}

// ── Configs (spec 001 §3: address, up port and protocol, up/down comm args, peripheral args) ────────

export const MTC_UP_PROTOCOLS = ['tcp', 'udp', 'mqtt'] as const;
const host = () =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .refine((v) => PATTERNS.ipv4.test(v) || PATTERNS.domain.test(v), 'mtc.rules.host');

/** PUT …/{id}/config: the cabinet's address and where it reports to. */
export const mtcConfigBody = z.object({
  /** Communication address of the cabinet (terminal address: 1-16 letters or digits). */
  address: z
    .string({ error: 'validation.required' })
    .trim()
    .regex(/^[A-Za-z0-9]{1,16}$/, 'mtc.rules.address'),
  upServer: host(),
  upPort: range(...MTC_PORT_RANGE)
    .optional()
    .default(MTC_DEFAULT_PORT),
  upProtocol: z.enum(MTC_UP_PROTOCOLS, { error: 'validation.validParam' }).optional().default('tcp'),
});
export type MtcConfig = z.infer<typeof mtcConfigBody>;

// Comm args, peripherals and location are the kit's link traits (kit/link.ts), as for power-line gateways.
export const MTC_BAUD_RATES = BAUD_RATES;
export const MTC_PARITIES = PARITIES;
export const mtcUpCommBody = upCommBody;
export const mtcDownCommBody = downCommBody;
export const mtcCommBody = commBody;
export type MtcComm = CommArgs;
export const MTC_PERIPHERAL_PROTOCOLS = PERIPHERAL_PROTOCOLS;
export const MTC_PERIPHERAL_KINDS = PERIPHERAL_KINDS;
export const MTC_ADDRESS_TYPES = ADDRESS_TYPES;
export const MTC_TRANSFER_TYPES = TRANSFER_TYPES;
export const MTC_PERIPHERAL_PORTS = PERIPHERAL_PORTS;
export const mtcPeripheral = peripheralBody;
export type MtcPeripheral = Peripheral;
export const mtcPeripheralsBody = peripheralsBody;
export type MtcPeripherals = Peripherals;

// ── Commands (POST …/{id}/<name>; the device's reply answers) ───────────────────────────────────────

const circuitNo = () => range(1, MTC_MAX_CIRCUITS);

export const mtcCommandArgs = {
  /** The last runtime, read from the cabinet now. */
  runtime: z.object({}),
  /** One circuit on or off. */
  switch: z.object({ circuit: circuitNo(), on: formFlag() }),
  /** Several circuits at once (multi control); a circuit at most once. */
  multiswitch: z
    .object({
      circuits: z
        .array(z.object({ circuit: circuitNo(), on: formFlag() }), { error: 'mtc.rules.noCircuits' })
        .min(1, 'mtc.rules.noCircuits')
        .max(MTC_MAX_CIRCUITS, 'mtc.rules.noCircuits'),
    })
    .superRefine((v, ctx) => {
      if (new Set(v.circuits.map((c) => c.circuit)).size !== v.circuits.length)
        ctx.addIssue({ code: 'custom', path: ['circuits'], message: 'mtc.rules.circuitTwice' });
    }),
  /** Circuit settings: in use (`enable`), and whether cable-theft detection watches it. */
  writecircuits: z
    .object({
      circuits: z
        .array(
          z.object({ circuit: circuitNo(), enable: formFlag(), cableTheft: formFlag().optional().default(false) }),
          {
            error: 'mtc.rules.noCircuits',
          },
        )
        .min(1, 'mtc.rules.noCircuits')
        .max(MTC_MAX_CIRCUITS, 'mtc.rules.noCircuits'),
    })
    .superRefine((v, ctx) => {
      if (new Set(v.circuits.map((c) => c.circuit)).size !== v.circuits.length)
        ctx.addIssue({ code: 'custom', path: ['circuits'], message: 'mtc.rules.circuitTwice' });
    }),
  /** Manual or policy mode (spec 001 §4). */
  mode: z.object({ mode: z.enum(MTC_MODES, { error: 'validation.validParam' }) }),
  reboot: z.object({}),
  /** Back to factory settings (keeps its address). */
  recovery: z.object({}),
  /** The server adds `time`: UNIX seconds at UTC+8 (toMtcTime). */
  correcttime: z.object({}),
  /** Reads the firmware version (MTCx.x.xx). */
  version: z.object({}),
};
export type MtcCommandName = keyof typeof mtcCommandArgs;
export const MTC_COMMAND_NAMES = Object.keys(mtcCommandArgs) as MtcCommandName[];
/** The manifest's command list: POST …/{id}/{name}, validated with `args`; `dangerous` asks first. */
export const MTC_COMMANDS = commandsOf(mtcCommandArgs, ['writecircuits', 'reboot', 'recovery']);

// ── Firmware upgrade (POST …/{id}/firmware, multipart field `file`) ─────────────────────────────────

/**
 * A firmware image: a `.bin` file of 1 KiB to 4 MiB that starts with the magic `MTCF` and the 9
 * characters of its version (MTCx.x.xx), sent in chunks of 32 KiB (the kit's firmware trait).
 */
export const MTC_FIRMWARE = binFirmware('MTC');

/** Why a file is not a cabinet's firmware (an i18n key under `firmware.*`), or its version. */
export const checkFirmware = (name: string, bytes: Uint8Array) => checkFirmwareFile(MTC_FIRMWARE, name, bytes);

export const MTC_UPGRADE_STATES = UPGRADE_STATES;
export type MtcUpgradeState = UpgradeState;

// ── Policies (spec 001 §3 "MTC policy") ─────────────────────────────────────────────────────────────

/** Absolute: units at clock times; relative: minutes from midnight, sunrise or sunset. */
export const MTC_TIME_MODES = ['absolute', 'relative'] as const;
export type MtcTimeMode = (typeof MTC_TIME_MODES)[number];
export const MTC_RELATIVE_TYPES = ['midnight', 'sunrise', 'sunset'] as const;
export type MtcRelativeType = (typeof MTC_RELATIVE_TYPES)[number];

const clockTime = z
  .string({ error: 'mtc.rules.clockTime' })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'mtc.rules.clockTime');

/**
 * One step of a cabinet policy: at its time the circuits listed are on and every other circuit off.
 * Absolute units carry `time` (HH:mm, project timezone); relative units `relativeTo` and `offset`
 * minutes (midnight: 0…1439; sunrise, sunset: -720…720).
 */
export const mtcPolicyUnit = z.object({
  time: clockTime.optional(),
  relativeTo: z.enum(MTC_RELATIVE_TYPES, { error: 'validation.validParam' }).optional(),
  offset: range(-720, 1439).optional().default(0),
  circuits: z.array(circuitNo()).max(MTC_MAX_CIRCUITS).optional().default([]),
});
export type MtcPolicyUnit = z.infer<typeof mtcPolicyUnit>;

/** POST/PUT policies: a cabinet policy; `maxUnits` is the policyUnitsMax setting (1-6, default 5). */
export const mtcPolicyBody = (maxUnits = 5) =>
  z
    .object({
      name: scopedName(),
      no: scopedNo(),
      description: description(),
      timeMode: z.enum(MTC_TIME_MODES, { error: 'validation.validParam' }),
      units: policyUnits(mtcPolicyUnit, maxUnits),
      cycle: policyCycle.optional().default({ mode: 'everyday' }),
      inUse: formFlag().optional().default(true),
    })
    .superRefine((p, ctx) => {
      p.units.forEach((u, i) => {
        if (p.timeMode === 'absolute' && !u.time)
          ctx.addIssue({ code: 'custom', path: ['units', i, 'time'], message: 'mtc.rules.clockTime' });
        if (p.timeMode === 'relative') {
          if (!u.relativeTo)
            ctx.addIssue({ code: 'custom', path: ['units', i, 'relativeTo'], message: 'mtc.rules.relativeTo' });
          const [min, max] = u.relativeTo === 'midnight' ? [0, 1439] : [-720, 720];
          if (u.offset < min || u.offset > max)
            ctx.addIssue({
              code: 'custom',
              path: ['units', i, 'offset'],
              message: msg('validation.range', { min, max }),
            });
        }
      });
    });
export type MtcPolicyBody = z.infer<ReturnType<typeof mtcPolicyBody>>;
export type MtcPolicy = Pick<MtcPolicyBody, 'timeMode' | 'units' | 'cycle' | 'inUse'> & { id?: number | null };

const cabinetIds = z
  .array(z.coerce.number().pipe(listedId()), { error: 'mtc.rules.noCabinets' })
  .min(1, 'mtc.rules.noCabinets')
  .max(10_000, msg('validation.range', { min: 1, max: 10_000 }));
/** POST policies/{id}/use and …/remove: the cabinets. */
export const mtcPolicyTargetsBody = z.object({ cabinetIds });

/** GET policies/{id}/preview: a day and/or a year at a cabinet (or coordinates; else the project's centre). */
export const mtcPreviewQuery = z.object({
  cabinetId: z.coerce.number().pipe(listedId()).optional(),
  lng: longitude().optional(),
  lat: latitude().optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'mtc.rules.date')
    .optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  /** How many circuits to show (the cabinet's circuitCount when a cabinet is given). */
  circuitCount: z.coerce.number().int().min(1).max(MTC_MAX_CIRCUITS).optional(),
});

// ── Lists ────────────────────────────────────────────────────────────────────────────────────────────

export const MTC_STATES = ['online', 'offline'] as const;
export const MTC_ALARM_STATUSES = ['normal', 'alarm'] as const;

/** GET pages: cabinet list filters. */
export const mtcListFilter = z.object({
  areaId: z.coerce.number().pipe(listedId()).optional(),
  groupId: z.coerce.number().pipe(listedId()).optional(),
  state: z.enum(MTC_STATES, { error: 'validation.validParam' }).optional(),
  mode: z.enum(MTC_MODES, { error: 'validation.validParam' }).optional(),
  alarm: z.enum(MTC_ALARM_STATUSES, { error: 'validation.validParam' }).optional(),
});
