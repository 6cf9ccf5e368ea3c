import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>> };

describe('the OpenAPI document', () => {
  it('describes the 200 answer of every call', async () => {
    await t.app.ready();
    const doc = t.app.swagger() as Doc;
    const calls = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ call: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(calls.length).toBeGreaterThan(250);
    const missing = calls.filter(({ op }) => !op.responses?.['200']?.content).map(({ call }) => call);
    expect(missing).toEqual([]);
  });
});
