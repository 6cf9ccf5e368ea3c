import { z } from 'zod';
import { msg } from '../../validation/message.js';
import { intRange, optionalText } from '../../validation/rules.js';
import { type FamilyEndpoints, locationCall, settingsCalls } from './calls.js';

const TOLD = 'then tell it when connected (`delivered`)';

import { isoTime } from './responses.js';

/**
 * A field device's links (spec 001 §3 "up/down comm args, peripheral args", §7 "mtc and pgw: comm
 * args, peripherals, location"): how it talks up to the platform, how it polls the peripherals on its
 * RS485 bus, and where it stands. Traits: a family lists `linkCalls(e)` / `locationCalls(e)` and the
 * server kit stores, remembers, audits and tells the device.
 */

const range = (min: number, max: number) => intRange(min, max);
const id = z.number().int();

export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
export const PARITIES = ['none', 'odd', 'even'] as const;
/** Up link (device → server): heartbeat and report intervals, reply timeout and retries. */
export const upCommBody = z.object({
  heartbeat: range(10, 3600).optional().default(60),
  reportInterval: range(10, 3600).optional().default(60),
  timeout: range(1, 60).optional().default(10),
  retries: range(0, 10).optional().default(3),
});
/** Down link (the device's RS485 bus to its peripherals). */
export const downCommBody = z.object({
  baudRate: z.coerce
    .number({ error: 'validation.validParam' })
    .refine((v) => (BAUD_RATES as readonly number[]).includes(v), 'validation.validParam')
    .optional()
    .default(9600),
  dataBits: z.coerce
    .number({ error: 'validation.validParam' })
    .refine((v) => v === 7 || v === 8, 'validation.validParam')
    .optional()
    .default(8),
  parity: z.enum(PARITIES, { error: 'validation.validParam' }).optional().default('none'),
  stopBits: z.coerce
    .number({ error: 'validation.validParam' })
    .refine((v) => v === 1 || v === 2, 'validation.validParam')
    .optional()
    .default(1),
  pollInterval: range(1, 3600).optional().default(30),
});
/** PUT …/{id}/comm: up and down comm args. */
export const commBody = z.object({
  up: upCommBody.optional().default(upCommBody.parse({})),
  down: downCommBody.optional().default(downCommBody.parse({})),
});
export type CommArgs = z.infer<typeof commBody>;

export const PERIPHERAL_PROTOCOLS = ['modbus', 'dlt645', 'custom'] as const;
export const PERIPHERAL_KINDS = ['meter', 'illuminance', 'cableTheft', 'door', 'temperature', 'other'] as const;
export const ADDRESS_TYPES = ['coil', 'discrete', 'holding', 'input'] as const;
export const TRANSFER_TYPES = ['rtu', 'ascii', 'tcp'] as const;
/** RS485 ports of a device. */
export const PERIPHERAL_PORTS = [1, 4] as const;
export const PERIPHERALS_MAX = 64;

/** One peripheral on the device's bus: how to read it (spec 001 §3 "peripheral args"). */
export const peripheralBody = z.object({
  index: range(1, PERIPHERALS_MAX),
  name: optionalText(32),
  kind: z.enum(PERIPHERAL_KINDS, { error: 'validation.validParam' }).optional().default('other'),
  protocol: z.enum(PERIPHERAL_PROTOCOLS, { error: 'validation.validParam' }),
  port: range(...PERIPHERAL_PORTS),
  stationAddress: range(1, 247),
  addressType: z.enum(ADDRESS_TYPES, { error: 'validation.validParam' }),
  transferType: z.enum(TRANSFER_TYPES, { error: 'validation.validParam' }),
  registerStart: range(0, 65535),
  registerCount: range(1, 125).optional().default(1),
});
export type Peripheral = z.infer<typeof peripheralBody>;

/** PUT …/{id}/peripherals: the whole list (replaces it); indexes unique. */
export const peripheralsBody = z
  .object({
    peripherals: z
      .array(peripheralBody)
      .max(PERIPHERALS_MAX, msg('validation.range', { min: 0, max: PERIPHERALS_MAX })),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.peripherals.forEach((p, i) => {
      if (seen.has(p.index))
        ctx.addIssue({ code: 'custom', path: ['peripherals', i, 'index'], message: 'link.peripheralIndex' });
      seen.add(p.index);
    });
  });
export type Peripherals = z.infer<typeof peripheralsBody>;

/** What a stored setting answers beside its values: when it was stored and whether the device was told. */
export const storedShape = {
  updatedAt: isoTime.nullable(),
  /** The connected device was told (an offline one is not queued: its next connect sends the stored values). */
  delivered: z.boolean(),
};

export const commResponse = z.object({
  up: z.object({ heartbeat: id, reportInterval: id, timeout: id, retries: id }),
  down: z.object({ baudRate: id, dataBits: id, parity: z.enum(PARITIES), stopBits: id, pollInterval: id }),
  ...storedShape,
});
export const peripheralOut = z.object({
  index: id,
  name: z.string(),
  kind: z.enum(PERIPHERAL_KINDS),
  protocol: z.enum(PERIPHERAL_PROTOCOLS),
  port: id,
  stationAddress: id,
  addressType: z.enum(ADDRESS_TYPES),
  transferType: z.enum(TRANSFER_TYPES),
  registerStart: id,
  registerCount: id,
});
export const peripheralsResponse = z.object({ peripherals: z.array(peripheralOut), ...storedShape });

/** Comm args and peripherals: GET/PUT …/:id/comm and …/:id/peripherals. */
export const linkCalls = <S extends string>(e: FamilyEndpoints<S>) => ({
  ...settingsCalls(e, ['comm', 'setComm'], { body: commBody, response: commResponse }, [
    "A device's up and down comm args",
    `Store a device's up and down comm args, ${TOLD}`,
  ]),
  ...settingsCalls(e, ['peripherals', 'setPeripherals'], { body: peripheralsBody, response: peripheralsResponse }, [
    "A device's peripheral args",
    `Store a device's peripheral args, ${TOLD}`,
  ]),
});

/** Location: PUT …/:id/location (the device's coordinates; its astronomical times follow them). */
export const locationCalls = <S extends string>(e: FamilyEndpoints<S>, device: string) => ({
  setLocation: locationCall(e, device),
});
