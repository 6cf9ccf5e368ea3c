import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { familyEndpoints } from '../families/kit/calls.js';
import { defineFamily } from '../families/kit/manifest.js';
import { WHM_API, whmManifest } from '../families/whm/index.js';
import { endpoint, grantsOf, paramNames } from './endpoint.js';

describe('the endpoint table', () => {
  it('declares a call once: method, path, id params, level by verb', () => {
    const e = endpoint('PUT', '/api/pjts/:projectId/iot/x/:id/config', { response: z.object({}), summary: 's' });
    expect(e.level).toBe(5);
    expect(paramNames(e.path)).toEqual(['projectId', 'id']);
    expect(e.params.safeParse({ projectId: '2', id: '0' }).success).toBe(false);
    expect(e.params.parse({ projectId: '2', id: '9' })).toEqual({ projectId: 2, id: 9 });
  });

  it("grants a screen exactly the family's declared calls", () => {
    const screen = whmManifest.screens.find((s) => s.key === 'pjtdevicewhmlist');
    const grants = screen && 'apis' in screen ? screen.apis : [];
    for (const call of Object.values(WHM_API))
      expect(grants).toContainEqual({ method: call.method, path: call.path, level: call.level });
    expect(grantsOf(WHM_API)).toHaveLength(Object.keys(WHM_API).length);
  });

  it('refuses a family that declares one call twice', () => {
    const e = familyEndpoints('twice');
    const call = () => e.get('pages', { response: z.object({}), summary: 's' });
    expect(() =>
      defineFamily({
        type: 'gateway',
        slug: 'twice',
        module: 'gateway',
        properties: [],
        network: [],
        demo: { weight: 0 },
        api: { a: call(), b: call() },
      }),
    ).toThrow(/declared twice/);
  });
});
