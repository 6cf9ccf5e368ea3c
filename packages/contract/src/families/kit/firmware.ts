import { z } from 'zod';
import type { FamilyEndpoints } from './calls.js';
import { isoTime } from './responses.js';

/**
 * Firmware upgrades, a trait of the devices that take an image over the air (spec 001 §7 "mtc and
 * pgw: firmware"): the console uploads a file, the server checks it against the family's spec and
 * sends it in chunks (base64 in the `upgrade` command), the progress and the result reach the console
 * as realtime `firmware` pushes and stay readable from any instance.
 */
export interface FirmwareSpec {
  /** The file's extension, with its dot (`.bin`). */
  readonly extension: string;
  readonly minBytes: number;
  readonly maxBytes: number;
  /** The image starts with this magic, then its version (`versionLength` characters). */
  readonly magic: string;
  readonly versionPattern: RegExp;
  readonly versionLength: number;
  /** How the version reads, for the messages (`MTCx.x.xx`). */
  readonly versionFormat: string;
  readonly chunkBytes: number;
}

/**
 * The images of the devices this platform knows: a `.bin` of 1 KiB to 4 MiB that starts with the magic
 * `<P>F` and the 9 characters of its version `<P>x.x.xx` (P the family's three-letter code: MTC, PGW),
 * sent in chunks of 32 KiB.
 */
export function binFirmware<const P extends string>(code: P) {
  return {
    extension: '.bin',
    minBytes: 1024,
    maxBytes: 4 * 1024 * 1024,
    magic: `${code}F`,
    versionPattern: new RegExp(`^${code}\\d\\.\\d\\.\\d\\d$`),
    versionLength: code.length + 6,
    versionFormat: `${code}x.x.xx`,
    chunkBytes: 32 * 1024,
  } as const satisfies FirmwareSpec;
}

export const UPGRADE_STATES = ['running', 'done', 'failed'] as const;
export type UpgradeState = (typeof UPGRADE_STATES)[number];

export type FirmwareProblem = 'type' | 'tooSmall' | 'tooLarge' | 'header';

/** Why a file is not the family's firmware (an i18n key under `firmware.*`), or its version. */
export function checkFirmwareFile(
  spec: FirmwareSpec,
  name: string,
  bytes: Uint8Array,
): { ok: true; version: string } | { ok: false; error: FirmwareProblem } {
  if (!name.toLowerCase().endsWith(spec.extension)) return { ok: false, error: 'type' };
  if (bytes.length < spec.minBytes) return { ok: false, error: 'tooSmall' };
  if (bytes.length > spec.maxBytes) return { ok: false, error: 'tooLarge' };
  const headLength = spec.magic.length + spec.versionLength;
  const head = String.fromCharCode(...bytes.subarray(0, headLength));
  const version = head.slice(spec.magic.length, headLength);
  if (!head.startsWith(spec.magic) || !spec.versionPattern.test(version)) return { ok: false, error: 'header' };
  return { ok: true, version };
}

/** The parameters of a problem's message (`firmware.<problem>`). */
export function firmwareProblemParams(spec: FirmwareSpec): Record<string, string | number> {
  return {
    extension: spec.extension,
    min: `${Math.round(spec.minBytes / 1024)} KB`,
    max: `${Math.round(spec.maxBytes / 1024 / 1024)} MB`,
    magic: spec.magic,
    version: spec.versionFormat,
  };
}

/** POST …/{id}/firmware (started) and GET …/{id}/firmware (the last upgrade; null: none yet). */
export const upgradeRow = z.object({
  upgradeId: z.string(),
  deviceId: z.number().int(),
  fileName: z.string(),
  version: z.string(),
  size: z.number().int(),
  /** Chunks acknowledged and the total. */
  sent: z.number().int(),
  total: z.number().int(),
  percent: z.number(),
  state: z.enum(UPGRADE_STATES),
  /** offline, timeout, interrupted (i18n keys under `firmware.*`) or the device's own error. */
  error: z.string().nullable(),
  startedAt: isoTime,
  finishedAt: isoTime.nullable(),
});
export type Upgrade = z.infer<typeof upgradeRow>;

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

/** Firmware: POST …/:id/firmware (multipart field `file`) and GET …/:id/firmware. */
export const firmwareCalls = <S extends string>(e: FamilyEndpoints<S>, spec: FirmwareSpec) => ({
  // Multipart (field `file`): the server reads the file itself, so no body schema.
  upgrade: e.post(':id/firmware', {
    response: upgradeRow,
    summary: `Upgrade a device's firmware: multipart field \`file\`, a ${spec.extension} image of ${kb(spec.minBytes)} to ${kb(spec.maxBytes)} starting with ${spec.magic} and its ${spec.versionFormat} version; progress and result as realtime \`firmware\` pushes`,
  }),
  lastUpgrade: e.get(':id/firmware', {
    response: upgradeRow.nullable(),
    summary: "A device's last firmware upgrade with its progress (null: none yet)",
  }),
});
