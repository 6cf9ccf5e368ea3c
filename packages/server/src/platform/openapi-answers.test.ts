import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>> };

/**
 * Family calls whose answer their family has yet to describe: the CSV exports of readings (the
 * families' own guard, iot/families/kit/openapi.test.ts, leaves them out too). Nothing else may lack one.
 */
const FAMILY_EXPORT = /^GET \/api\/pjts\/\{projectId\}\/iot\/[a-z]+\/\{id\}\/reports\.do\/export$/;

/** Project modules that came without their answers described (work orders, the project summary): theirs to add. */
const UNDESCRIBED_MODULES = /^[A-Z]+ \/api\/pjts\/\{projectId\}\/(maintenance|summary|summarylayouts)\.do(\/|$)/;

describe('the OpenAPI document', () => {
  it('describes the 200 answer of every call', async () => {
    await t.app.ready();
    const doc = t.app.swagger() as Doc;
    const calls = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ call: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(calls.length).toBeGreaterThan(250);
    const missing = calls.filter(({ op }) => !op.responses?.['200']?.content).map(({ call }) => call);
    expect(missing.filter((call) => !FAMILY_EXPORT.test(call) && !UNDESCRIBED_MODULES.test(call))).toEqual([]);
  });
});
