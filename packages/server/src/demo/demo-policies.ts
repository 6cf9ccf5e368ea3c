import { lightingManifest, lightingPolicyBody } from '@sc/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { devices } from '../db/schema/index.js';
import { createLightingRepository } from '../iot/families/lighting/lighting.repository.js';
import { lightingPolicies } from '../iot/families/lighting/lighting.tables.js';

/** The demo's night: lamps on at sunset, dimmed to half at midnight, off at sunrise, every day. */
export const DEMO_NIGHT_POLICY = lightingPolicyBody().parse({
  name: '日落开灯午夜节能',
  no: 'DEMONIGHT',
  alias: '演示数据',
  units: [
    { type: 'on', level: 100, start: { kind: 'sunset', offset: 0 } },
    { type: 'eco', level: 50, start: { kind: 'clock', time: '00:00' } },
    { type: 'off', start: { kind: 'sunrise', offset: 0 } },
  ],
  cycle: { mode: 'everyday' },
});

/**
 * The demo's lamps follow a policy: each district gets the night policy (once) and every lamp of the
 * district uses it, so the lighting overview's rate, the energy saved and the year preview mean
 * something. Using a policy twice changes nothing: a top-up gives the new lamps theirs.
 */
export async function seedDemoPolicies(db: Db, districtIds: readonly number[]) {
  const repo = createLightingRepository(db);
  let lamps = 0;
  for (const projectId of districtIds) {
    const [found] = await db
      .select({ id: lightingPolicies.id })
      .from(lightingPolicies)
      .where(and(eq(lightingPolicies.projectId, projectId), eq(lightingPolicies.no, DEMO_NIGHT_POLICY.no)));
    const policyId = found?.id ?? (await repo.createPolicy(projectId, DEMO_NIGHT_POLICY));
    const ids = (
      await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.projectId, projectId), eq(devices.type, lightingManifest.type)))
    ).map((d) => d.id);
    await repo.useOn(policyId, ids);
    lamps += ids.length;
  }
  return { lamps };
}
