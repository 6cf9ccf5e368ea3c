import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>> };

/** Every `METHOD path` of the document whose success answer (2xx) has no described body, 204 excepted. */
const undescribed = (paths: Doc['paths']) =>
  Object.entries(paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(
        ([, op]) =>
          !Object.entries(op.responses ?? {}).some(
            ([code, r]) => code === '204' || (code.startsWith('2') && r.content),
          ),
      )
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );

/** The OpenAPI document describes the answer of every call, not only its request. */
describe('the OpenAPI document', () => {
  it('describes the success answer of every call of the product (families, registry, administration)', async () => {
    await t.app.ready();
    const doc = t.app.swagger() as Doc;
    expect(Object.keys(doc.paths).length).toBeGreaterThan(200);
    expect(undescribed(doc.paths)).toEqual([]);
  });

  it('describes the 200 answer of every family call (the exports as CSV or .xlsx)', async () => {
    await t.app.ready();
    const doc = t.app.swagger() as Doc;
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
