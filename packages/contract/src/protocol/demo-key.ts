import { createHmac } from 'node:crypto';

/**
 * The key1 of a demo device's production item: keyed by the installation's demo secret (kept in its
 * database), so that the simulator signs demo devices in without database access while nobody who
 * lacks the secret can connect as a demo device. Demo data only — never for real devices.
 * Node only (not exported from the package root, which the console bundles): `@sc/contract/demo-key`.
 */
export function demoKey(secret: string, equipmentId: string): string {
  return createHmac('sha256', secret).update(equipmentId).digest('hex').slice(0, 32);
}
