import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signInWith } from '../../../test/caller.js';
import { createProject } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: string;
let editor: string;
let viewer: string;
let outsider: string;
let a: { id: number };
let b: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await t.token();
  a = await createProject(db, 1, ['project']);
  b = await createProject(db, 1, ['project']);
  editor = await signInWith(t, a.id, { pjtprojectsummarylayout: 5 });
  viewer = await signInWith(t, a.id, { pjtprojectsummarylayout: 1 });
  outsider = await signInWith(t, b.id, { pjtprojectsummarylayout: 5 });
});
afterAll(() => t.close());

const call = apiCaller(
  () => t,
  () => admin,
);
const base = (projectId: number) => `/api/pjts/${projectId}/summarylayouts.do`;

let seq = 0;
const layout = (extra: Record<string, string> = {}) => ({
  name: `布局${++seq}`,
  no: `LAYOUT-${seq}`,
  grid: '2',
  units: JSON.stringify([
    { code: 1, x: 0, y: 0, w: 1, h: 1 },
    { code: 2, x: 1, y: 0, w: 1, h: 1 },
    { code: 14, x: 0, y: 1, w: 2, h: 1 },
  ]),
  ...extra,
});

describe('/api/pjts/:projectId/summarylayouts.do', () => {
  it('creates layouts with their creator, lists them by priority, updates and deletes them', async () => {
    const created = await call('POST', base(a.id), layout({ priority: '20' }), editor);
    expect(created.statusCode, created.body).toBe(200);
    const x = created.json();
    expect(x).toMatchObject({ projectId: a.id, grid: 2, isDefault: false, priority: 20 });
    expect(x.units).toHaveLength(3);
    expect(x.creator).toMatch(/\S/);
    // Without a priority a layout goes last.
    const y = (await call('POST', base(a.id), layout(), editor)).json();
    expect(y.priority).toBe(21);
    const first = (await call('POST', base(a.id), layout({ priority: '1' }), editor)).json();

    const page = (await call('GET', `${base(a.id)}/pages`, undefined, viewer)).json();
    expect(page.list.map((l: { id: number }) => l.id)).toEqual([first.id, x.id, y.id]);
    const found = (await call('GET', `${base(a.id)}/pages?keyword=${x.no}`, undefined, viewer)).json();
    expect(found.total).toBe(1);

    const updated = await call('PUT', `${base(a.id)}/${x.id}`, layout({ no: x.no, name: '大屏', grid: '3' }), editor);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: '大屏', grid: 3, priority: 20 });

    expect((await call('DELETE', `${base(a.id)}/${y.id}`, undefined, editor)).json()).toEqual({ ok: true });
    expect((await call('DELETE', `${base(a.id)}/${y.id}`, undefined, editor)).statusCode).toBe(404);
  });

  it('keeps one default per project', async () => {
    const p = await createProject(t.database.db, 1, ['project']);
    const one = (await call('POST', base(p.id), layout({ isDefault: 'true' }))).json();
    const two = (await call('POST', base(p.id), layout({ isDefault: 'true' }))).json();
    let list = (await call('GET', `${base(p.id)}/pages`)).json().list;
    expect(list.filter((l: { isDefault: boolean }) => l.isDefault).map((l: { id: number }) => l.id)).toEqual([two.id]);
    await call('PUT', `${base(p.id)}/${one.id}`, layout({ no: one.no, isDefault: 'true' }));
    list = (await call('GET', `${base(p.id)}/pages`)).json().list;
    expect(list.filter((l: { isDefault: boolean }) => l.isDefault).map((l: { id: number }) => l.id)).toEqual([one.id]);
  });

  it('sets the priority', async () => {
    const x = (await call('POST', base(a.id), layout(), editor)).json();
    const res = await call('PUT', `${base(a.id)}/${x.id}/priority`, { priority: '0' }, editor);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'priority', message: 'Allowed range: 1 - 9999.' }]);
    const ok = await call('PUT', `${base(a.id)}/${x.id}/priority`, { priority: '0005' }, editor);
    expect(ok.json()).toMatchObject({ id: x.id, priority: 5 });
  });

  it('refuses units off the grid, overlapping or twice, and a wrong grid, in the caller language', async () => {
    const outside = JSON.stringify([{ code: 1, x: 1, y: 0, w: 2, h: 1 }]);
    const en = await call('POST', base(a.id), layout({ units: outside }), editor);
    expect(en.statusCode).toBe(400);
    expect(en.json().errors).toEqual([{ field: 'units', message: 'A unit lies outside the 2x2 grid' }]);
    const zh = await call('POST', base(a.id), layout({ units: outside }), editor, 'zh_CN');
    expect(zh.json().errors).toEqual([{ field: 'units', message: '单元超出了 2x2 栅格' }]);
    const overlap = JSON.stringify([
      { code: 1, x: 0, y: 0, w: 2, h: 1 },
      { code: 2, x: 1, y: 0, w: 1, h: 1 },
    ]);
    expect((await call('POST', base(a.id), layout({ units: overlap }), editor)).json().errors).toEqual([
      { field: 'units', message: 'Units must not overlap' },
    ]);
    const twice = JSON.stringify([
      { code: 1, x: 0, y: 0, w: 1, h: 1 },
      { code: 1, x: 1, y: 0, w: 1, h: 1 },
    ]);
    expect((await call('POST', base(a.id), layout({ units: twice }), editor)).json().errors).toEqual([
      { field: 'units', message: 'A unit can be placed only once' },
    ]);
    const bad = await call('POST', base(a.id), layout({ grid: '4', name: 'x', units: '[]' }), editor, 'zh_CN');
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'grid', message: '栅格只能是 2x2 或 3x3' },
        { field: 'name', message: '2-32 个字符' },
        { field: 'units', message: '请至少放置一个单元' },
      ]),
    );
    const unknown = JSON.stringify([{ code: 15, x: 0, y: 0, w: 1, h: 1 }]);
    expect((await call('POST', base(a.id), layout({ units: unknown }), editor)).json().errors[0]).toMatchObject({
      message: 'Choose a valid summary unit',
    });
  });

  it('refuses a number used in the project', async () => {
    const x = (await call('POST', base(a.id), layout(), editor)).json();
    const dup = await call('POST', base(a.id), layout({ no: x.no }), editor);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0].field).toBe('no');
    // Another project may use it.
    expect((await call('POST', base(b.id), layout({ no: x.no }), outsider)).statusCode).toBe(200);
  });

  it('refuses another project and a viewer writing', async () => {
    const x = (await call('POST', base(a.id), layout(), editor)).json();
    expect((await call('GET', `${base(a.id)}/pages`, undefined, outsider)).statusCode).toBe(404);
    expect((await call('PUT', `${base(a.id)}/${x.id}`, layout(), outsider)).statusCode).toBe(404);
    // A layout of project A named under project B's path does not exist there.
    expect((await call('PUT', `${base(b.id)}/${x.id}`, layout(), outsider)).statusCode).toBe(404);
    expect((await call('DELETE', `${base(b.id)}/${x.id}`, undefined, outsider)).statusCode).toBe(404);
    const refused = await call('POST', base(a.id), layout(), viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/\S/);
    expect((await call('PUT', `${base(a.id)}/${x.id}/priority`, { priority: '3' }, viewer)).statusCode).toBe(403);
    expect((await call('DELETE', `${base(a.id)}/${x.id}`, undefined, viewer)).statusCode).toBe(403);
  });
});
