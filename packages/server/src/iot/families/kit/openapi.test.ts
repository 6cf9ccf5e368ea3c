import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Issue 10: the OpenAPI document describes the answer of every family call, not only its request. */
describe('the OpenAPI document', () => {
  it('describes the 200 answer of every family call (the exports as CSV or .xlsx)', async () => {
    await t.app.ready();
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
    };
    const family = Object.entries(doc.paths).filter(([path]) => /^\/api\/(pjts\/\{projectId\}|pub)\/iot\//.test(path));
    expect(family.length).toBeGreaterThan(10);
    const missing = family.flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => !op.responses?.['200']?.content)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(missing).toEqual([]);
    const csv = family.filter(([path]) => path.endsWith('/export'));
    expect(csv.length).toBeGreaterThan(2);
    for (const [, ops] of csv)
      expect(Object.keys(ops.get?.responses?.['200']?.content ?? {})).toEqual([
        'text/csv',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ]);
  });
});
