import { z } from 'zod';
import type { DeviceType } from '../enums.js';
import { msg } from '../validation/message.js';
import { intRange } from '../validation/rules.js';
import type { FamilyDefinition, FamilyField, NetworkField } from './types.js';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
const optText = (max: number) => optional(z.string().trim().max(max, msg('validation.tooLongMax', { max })));
const optInt = (min: number, max: number) => optional(intRange(min, max));
const optBool = () => optional(z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]));
const optEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  optional(z.enum(values, { error: 'validation.validParam' }));

const IP_NET: NetworkField[] = ['ip', 'submask', 'gateway', 'port', 'mac', 'loginAccount', 'loginPassword'];
const IOT_NET: NetworkField[] = ['equipmentId', 'imei', 'imsi', 'communicateAddress', 'protocolVersion'];

function family(
  type: DeviceType,
  shape: Record<string, z.ZodType>,
  fields: FamilyField[],
  network: NetworkField[],
  extra: Partial<FamilyDefinition> = {},
  refine?: (props: Record<string, unknown>, ctx: z.RefinementCtx) => void,
): FamilyDefinition {
  let props: z.ZodType<Record<string, unknown>> = z.object(shape) as z.ZodType<Record<string, unknown>>;
  if (refine) props = props.superRefine(refine);
  return { type, props, fields, network, ...extra };
}

/** Environment readings of spec 001 §3 "Environment data" (pick time is the message time). */
export const ENV_READINGS = [
  { key: 'temperature', unit: '°C', min: -40, max: 80 },
  { key: 'humidity', unit: '%RH', min: 0, max: 100 },
  { key: 'pm25', unit: 'μg/m³', min: 0, max: 1000 },
  { key: 'pm10', unit: 'μg/m³', min: 0, max: 2000 },
  { key: 'soilTemperature', unit: '°C', min: -40, max: 80 },
  { key: 'soilHumidity', unit: '%', min: 0, max: 100 },
  { key: 'co2', unit: 'ppm', min: 0, max: 10000 },
  { key: 'gas', unit: 'ppm', min: 0, max: 1000 },
  { key: 'light', unit: 'lux', min: 0, max: 200000 },
  { key: 'atmosphere', unit: 'kPa', min: 30, max: 120 },
  { key: 'noise', unit: 'dB', min: 0, max: 150 },
] as const;

const RECORD_SOURCES = ['none', 'device', 'center'] as const;
const STREAM_MODES = ['rtsp', 'hls', 'rtmp', 'flv'] as const;
const LINK_TYPES = ['cascade', 'bypass', 'unknown'] as const;

/** Every family of spec 000 §3, with the type-specific fields of spec 001 §3. */
export const FAMILIES: readonly FamilyDefinition[] = [
  family(
    'lighting',
    {
      channelCount: optInt(1, 4),
      channels: optText(32),
      ratedPower: optInt(1, 100000),
      lampLifeCycle: optInt(1, 1000000),
      fatigueThreshold: optInt(1, 1000000),
    },
    [
      { key: 'channelCount', kind: 'int', min: 1, max: 4 },
      { key: 'channels', kind: 'text' },
      { key: 'ratedPower', kind: 'int', min: 1, max: 100000, unit: 'W' },
      { key: 'lampLifeCycle', kind: 'int', min: 1, max: 1000000, unit: 'h' },
      { key: 'fatigueThreshold', kind: 'int', min: 1, max: 1000000, unit: 'h' },
    ],
    [...IOT_NET, 'modbusAddress', 'channelNo'],
    { parentTypes: ['gateway', 'pgw', 'mtc'] },
  ),
  family(
    'camera',
    {
      serialNumber: optText(64),
      code: optText(64),
      dssDeviceCode: optText(64),
      dssChannel: optInt(0, 1024),
      multiStream: optBool(),
      recordSource: optEnum(RECORD_SOURCES),
      recordChannelCode: optText(64),
      recordChannelId: optText(64),
      recordAddress: optText(128),
      cameraIndexCode: optText(64),
      encodingDeviceCode: optText(64),
      iscRecordSource: optEnum(RECORD_SOURCES),
      streamMode: optEnum(STREAM_MODES),
      primaryChannel: optText(128),
      secondaryChannel: optText(128),
      recordChannel: optText(128),
      hlsAddress: optText(128),
      hlsPort: optInt(0, 65535),
      rtmpPort: optInt(0, 65535),
      ptzSupported: optBool(),
    },
    [
      { key: 'serialNumber', kind: 'text' },
      { key: 'code', kind: 'text' },
      { key: 'streamMode', kind: 'select', options: STREAM_MODES },
      { key: 'primaryChannel', kind: 'text' },
      { key: 'secondaryChannel', kind: 'text' },
      { key: 'recordChannel', kind: 'text' },
      { key: 'hlsAddress', kind: 'text' },
      { key: 'hlsPort', kind: 'int', min: 0, max: 65535 },
      { key: 'rtmpPort', kind: 'int', min: 0, max: 65535 },
      { key: 'ptzSupported', kind: 'bool' },
      { key: 'dssDeviceCode', kind: 'text' },
      { key: 'dssChannel', kind: 'int', min: 0, max: 1024 },
      { key: 'multiStream', kind: 'bool' },
      { key: 'recordSource', kind: 'select', options: RECORD_SOURCES },
      { key: 'recordChannelCode', kind: 'text' },
      { key: 'recordChannelId', kind: 'text' },
      { key: 'recordAddress', kind: 'text' },
      { key: 'cameraIndexCode', kind: 'text' },
      { key: 'encodingDeviceCode', kind: 'text' },
      { key: 'iscRecordSource', kind: 'select', options: RECORD_SOURCES },
    ],
    [...IP_NET, 'rtspPort', 'minPort', 'maxPort', 'channelNo', 'equipmentId'],
    { parentTypes: ['dvr'] },
  ),
  family(
    'dvr',
    { channelCount: optInt(1, 256) },
    [{ key: 'channelCount', kind: 'int', min: 1, max: 256 }],
    [...IP_NET, 'rtspPort', 'minPort', 'maxPort', 'equipmentId'],
  ),
  family(
    'nsc',
    { terminalId: optText(64), version: optText(32) },
    [
      { key: 'terminalId', kind: 'text' },
      { key: 'version', kind: 'text' },
    ],
    [...IP_NET, 'equipmentId'],
  ),
  family(
    'envmonitor',
    { pickInterval: optInt(30, 3600), public: optBool() },
    [
      { key: 'pickInterval', kind: 'int', min: 30, max: 3600, unit: 's' },
      { key: 'public', kind: 'bool' },
    ],
    [...IOT_NET, 'modbusAddress'],
    { parentTypes: ['gateway'] },
  ),
  family(
    'gateway',
    { maxChildren: optInt(1, 1024) },
    [{ key: 'maxChildren', kind: 'int', min: 1, max: 1024 }],
    [...IOT_NET, 'ip', 'port', 'mac'],
  ),
  family(
    'led',
    { screenWidth: optInt(1, 10000), screenHeight: optInt(1, 10000) },
    [
      { key: 'screenWidth', kind: 'int', min: 1, max: 10000, unit: 'px' },
      { key: 'screenHeight', kind: 'int', min: 1, max: 10000, unit: 'px' },
    ],
    [...IP_NET, 'equipmentId'],
  ),
  family(
    'wifi',
    { ssid: optText(32), linkType: optEnum(LINK_TYPES) },
    [
      { key: 'ssid', kind: 'text' },
      { key: 'linkType', kind: 'select', options: LINK_TYPES },
    ],
    [...IP_NET, 'equipmentId'],
    { parentTypes: ['wifi'] },
  ),
  family(
    'evse',
    { ratedPower: optInt(1, 1000000) },
    [{ key: 'ratedPower', kind: 'int', min: 1, max: 1000000, unit: 'W' }],
    [...IOT_NET, 'ip', 'port'],
  ),
  family(
    'smartclassifieddustbin',
    {
      scdId: optText(64),
      fullThreshold: optInt(1, 1000),
      overfillThreshold: optInt(1, 1000),
      freeDistance: optInt(0, 1000),
    },
    [
      { key: 'scdId', kind: 'text' },
      { key: 'fullThreshold', kind: 'int', min: 1, max: 1000, unit: 'cm' },
      { key: 'overfillThreshold', kind: 'int', min: 1, max: 1000, unit: 'cm' },
      { key: 'freeDistance', kind: 'int', min: 0, max: 1000, unit: 'cm' },
    ],
    IOT_NET,
    {},
    (props, ctx) => {
      const full = props.fullThreshold as number | undefined;
      const over = props.overfillThreshold as number | undefined;
      if (full !== undefined && over !== undefined && full >= over) {
        ctx.addIssue({ code: 'custom', path: ['fullThreshold'], message: 'validation.fullBelowOverfill' });
      }
    },
  ),
  family(
    'emergencycallequipment',
    {
      deviceSerial: optText(64),
      cameraIndexCode: optText(64),
      linkedCameraId: optInt(1, 2147483647),
      eceCode: optText(64),
      eceCameraIndexCode: optText(64),
    },
    [
      { key: 'deviceSerial', kind: 'text' },
      { key: 'eceCode', kind: 'text' },
      { key: 'cameraIndexCode', kind: 'text' },
      { key: 'eceCameraIndexCode', kind: 'text' },
      { key: 'linkedCameraId', kind: 'int', min: 1 },
    ],
    [...IP_NET, 'equipmentId'],
  ),
  family(
    'illumination',
    {
      threshold: optional(
        z.coerce
          .number({ error: 'validation.numeric' })
          .min(0, msg('validation.range', { min: 0, max: 200 }))
          .max(200, msg('validation.range', { min: 0, max: 200 })),
      ),
      peripheralIndex: optInt(0, 255),
      enabled: optBool(),
    },
    [
      { key: 'threshold', kind: 'number', min: 0, max: 200, unit: 'KLux' },
      { key: 'peripheralIndex', kind: 'int', min: 0, max: 255 },
      { key: 'enabled', kind: 'bool' },
    ],
    [...IOT_NET, 'modbusAddress'],
    { parentTypes: ['gateway', 'mtc'] },
  ),
  family(
    'watthourmeter',
    { peripheralIndex: optInt(0, 255) },
    [{ key: 'peripheralIndex', kind: 'int', min: 0, max: 255 }],
    [...IOT_NET, 'modbusAddress'],
    {
      parentTypes: ['gateway', 'mtc'],
    },
  ),
  family(
    'mtc',
    {
      address: optText(64),
      upPort: optInt(1024, 65535),
      upProtocol: optEnum(['tcp', 'udp', 'mqtt'] as const),
      version: optional(
        z
          .string()
          .trim()
          .regex(/^MTC\d\.\d\.\d\d$/, 'validation.mtcVersion'),
      ),
      circuitCount: optInt(1, 32),
    },
    [
      { key: 'address', kind: 'text' },
      { key: 'upPort', kind: 'int', min: 1024, max: 65535 },
      { key: 'upProtocol', kind: 'select', options: ['tcp', 'udp', 'mqtt'] },
      { key: 'version', kind: 'text' },
      { key: 'circuitCount', kind: 'int', min: 1, max: 32 },
    ],
    [...IOT_NET, 'ip', 'port'],
  ),
  family(
    'pgw',
    { wireNo: optText(32), zoneCode: optText(32) },
    [
      { key: 'wireNo', kind: 'text' },
      { key: 'zoneCode', kind: 'text' },
    ],
    [...IOT_NET, 'ip', 'port'],
  ),
];

const byType = new Map(FAMILIES.map((f) => [f.type, f]));

/** The family of a device type; custom types (not a family) have no properties of their own. */
export const familyOf = (type: string): FamilyDefinition | undefined => byType.get(type as DeviceType);
