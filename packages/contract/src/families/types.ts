import type { z } from 'zod';
import type { DeviceType } from '../enums.js';

/** One field of the wizard's "type property" step, rendered by the console from this description. */
export interface FamilyField {
  key: string;
  kind: 'int' | 'number' | 'text' | 'bool' | 'select' | 'device';
  min?: number;
  /** int/number: the largest value; text: the longest. */
  max?: number;
  options?: readonly string[];
  /** i18n key of the label: `families.<type>.<key>` unless given. */
  label?: string;
  unit?: string;
  /** device: the type of the device it refers to (by id, a device of the same project). */
  refType?: DeviceType;
}

/**
 * What the registry knows of a device family: its type-specific properties (spec 001 §3) and which
 * network fields its devices use. The device protocol and commands of a family add to this later,
 * in the same folder.
 */
export interface FamilyDefinition {
  type: DeviceType;
  /** zod schema of `props`; every field optional in the schema's input, defaults filled in. */
  props: z.ZodType<Record<string, unknown>>;
  fields: readonly FamilyField[];
  /** Network fields shown for this family; the rest are hidden in the wizard. */
  network: readonly NetworkField[];
  /** Whether devices of this family hang under a parent device (gateway, power-line gateway, cabinet, AC). */
  parentTypes?: readonly DeviceType[];
}

export const NETWORK_FIELDS = [
  'equipmentId',
  'communicateAddress',
  'imei',
  'imsi',
  'ip',
  'submask',
  'gateway',
  'port',
  'rtspPort',
  'minPort',
  'maxPort',
  'mac',
  'loginAccount',
  'loginPassword',
  'alias',
  'modbusAddress',
  'channelNo',
  'protocolVersion',
] as const;
export type NetworkField = (typeof NETWORK_FIELDS)[number];
