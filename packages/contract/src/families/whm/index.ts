import { z } from 'zod';
import { intRange } from '../../validation/rules.js';
import { deviceCalls, familyEndpoints, pageCall, settingsCalls, totalsCalls, withDelivered } from '../kit/calls.js';
import { REALDATA_COMMAND } from '../kit/commands.js';
import { deviceFamily } from '../kit/device-family.js';
import { formFlag } from '../kit/forms.js';
import { IOT_NET } from '../kit/network.js';
import { bool, int } from '../kit/properties.js';
import { type ReadingKey, reading } from '../kit/readings.js';
import { deviceRow, isoTime, projectColumn } from '../kit/responses.js';

/**
 * What a meter sends (spec 001 §3 "Watt-hour meter: peripheral index, reading, pick time"): the meter
 * reading (its register, only ever grows), the energy since its previous message (`sum`: rollups and
 * long charts add it up, so a day's consumption is the sum of its increments), and the circuit's
 * instantaneous power, voltage, current and power factor. Values outside the range are kept out (null).
 */
export const WHM_READINGS = [
  reading('reading', 'kWh', 10_000_000, { register: true }),
  reading('energy', 'kWh', 10_000, { sum: true }),
  reading('power', 'kW', 1000),
  reading('voltage', 'V', 500),
  reading('current', 'A', 2000),
  // A bare number (no unit), to the hundredth as meters show it.
  reading('powerFactor', '', 1, { decimals: 2 }),
] as const;
export type WhmReadingKey = ReadingKey<typeof WHM_READINGS>;

/** Spec 001 §7 "whm: realdata": the meter sends a reading at once and answers its values. */
export const WHM_COMMANDS = [REALDATA_COMMAND] as const;

/** How often a meter sends a reading (s), and its address behind the gateway: what the config call sets. */
export const WHM_PICK_INTERVAL = { min: 60, max: 3600, default: 900 } as const;
export const WHM_PERIPHERAL_INDEX = { min: 0, max: 255 } as const;

/** PUT …/{id}/config: both required (a form sends them as text). */
export const whmConfigBody = z.object({
  peripheralIndex: intRange(WHM_PERIPHERAL_INDEX.min, WHM_PERIPHERAL_INDEX.max),
  pickInterval: intRange(WHM_PICK_INTERVAL.min, WHM_PICK_INTERVAL.max),
});
export type WhmConfigBody = z.infer<typeof whmConfigBody>;

/** PUT …/{id}/inuse: whether the meter is in service (a meter out of service is not counted). */
export const whmInUseBody = z.object({ inUse: formFlag() });

/** GET …/pages: the project's meters, searched by name, no or equipment id, optionally only in service. */
export const whmPageFilter = z.object({
  inUse: z
    .enum(['true', 'false'], { error: 'validation.validParam' })
    .transform((v) => v === 'true')
    .optional(),
});

const config = z.object({
  id: z.number().int(),
  peripheralIndex: z.number().int().nullable(),
  pickInterval: z.number().int(),
});
/** PUT config: what is stored, and whether the connected device was told too. */
const configSaved = withDelivered(config);

/** A meter in the list: its state, its config, and its latest reading with the pick time. */
export const whmMeterRow = deviceRow.extend({
  parentName: z.string().nullable(),
  ...projectColumn,
  peripheralIndex: z.number().int().nullable(),
  inUse: z.boolean(),
  /** Pick time of the latest reading (null before the first). */
  pickedAt: isoTime.nullable(),
  reading: z.number().nullable(),
  power: z.number().nullable(),
});

const e = familyEndpoints('whm');

/** Spec 001 §7 "whm: config, realdata, inuse, logs": every call of the meters, declared once. */
export const WHM_API = {
  ...deviceCalls(e, { commands: WHM_COMMANDS, readings: WHM_READINGS }),
  ...totalsCalls(e, WHM_READINGS),
  page: pageCall(
    e,
    whmMeterRow,
    "A page of the project's meters with their latest reading and its pick time",
    whmPageFilter,
  ),
  /** The saved config and whether the connected meter took it (others on reconnect). */
  ...settingsCalls(e, ['config', 'saveConfig'], { body: whmConfigBody, response: config, saved: configSaved }, [
    "A meter's configuration: peripheral index and pick interval (s)",
    `Sets a meter's configuration (pick interval ${WHM_PICK_INTERVAL.min}-${WHM_PICK_INTERVAL.max} s) and sends it to the meter when it is connected`,
  ]),
  setInUse: e.put(':id/inuse', {
    body: whmInUseBody,
    response: z.object({ id: z.number().int(), inUse: z.boolean() }),
    summary: 'Puts a meter in or out of use (a meter out of use is not counted)',
  }),
};

/** Watt-hour meters (spec 001 §3 "WHM"): energy of lighting circuits, behind a gateway or cabinet. */
export const whmManifest = deviceFamily({
  type: 'watthourmeter',
  slug: 'whm',
  module: 'whm',
  icon: 'DashboardOutlined',
  properties: [
    int('peripheralIndex', WHM_PERIPHERAL_INDEX.min, WHM_PERIPHERAL_INDEX.max),
    int('pickInterval', WHM_PICK_INTERVAL.min, WHM_PICK_INTERVAL.max, 's'),
    bool('inUse'),
  ],
  network: [...IOT_NET, 'modbusAddress'],
  parentTypes: ['gateway', 'mtc'],
  readings: WHM_READINGS,
  commands: WHM_COMMANDS,
  retentionDays: 'whmRetentionDays',
  api: WHM_API,
  demo: {
    weight: 4,
    lead: 4,
    child: true,
    props: (random) => ({
      peripheralIndex: 1 + Math.floor(random() * 32),
      pickInterval: WHM_PICK_INTERVAL.default,
      inUse: random() < 0.9,
    }),
  },
});
