import { createHash } from 'node:crypto';

/**
 * The key1 of a demo device's production item: a deterministic function of its equipment id, so the
 * simulator signs demo devices in without database access. Demo data only — never for real devices.
 * Node only (not exported from the package root, which the console bundles): `@sc/contract/demo-key`.
 */
export function demoKey(equipmentId: string): string {
  return createHash('sha256').update(`sc-demo:${equipmentId}`).digest('hex').slice(0, 32);
}
