import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/caller.js';
import { createProject, createRole, createUser, queryRows } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { builtinModelId } from '../../base/builtin-base-data.sync.js';

let t: TestApp;
let admin: string;
let lcu: number;
let project: { id: number; no: string; name: string; path: string };
let sibling: { id: number; no: string; name: string; path: string };
const modules = ['system', 'base', 'business', 'map', 'project'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
  lcu = await builtinModelId(t.database.db, 'lcunb');
  project = await createProject(t.database.db, 1, modules);
  sibling = await createProject(t.database.db, 1, modules);
});
afterAll(() => t.close());

const base = '/api/biz/productionlib.do';
const call = apiCaller(
  () => t,
  () => admin,
);

const upload = (bytes: Buffer, token = admin, lang = 'en_US', field = 'file') => {
  const boundary = '----sc-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="items.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return t.app.inject({
    method: 'POST',
    url: `${base}/upload?token=${token}&lang=${lang}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, bytes, tail]),
  });
};

const HEADER = 'name,no,key1,modelNo,projectNo,description';
const csv = (lines: string[]) => Buffer.from(`${[HEADER, ...lines].join('\r\n')}\r\n`, 'utf8');
const count = async (like: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from production_items where no like ${like}`,
    )
  )[0]!.n;

let seq = 0;
const item = (extra: Record<string, string> = {}) => ({
  name: `控制器${++seq}`,
  no: `ITEM-${seq}`,
  key1: 'abcdef',
  modelId: String(lcu),
  projectId: String(project.id),
  ...extra,
});

describe('items', () => {
  it('creates, pages by status and keyword, updates and deletes an item', async () => {
    const res = await call('POST', base, item({ no: 'PL-0001', key1: 'findme-key' }));
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({ no: 'PL-0001', modelName: 'LCUNB', projectName: project.name, status: 0 });
    const dup = await call('POST', base, item({ no: 'PL-0001' }), admin, 'zh_CN');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual([{ field: 'no', message: '编号已存在' }]);
    const page = (await call('GET', `${base}/pages?status=idle&keyword=findme-key`)).json();
    expect(page.list.map((i: { id: number }) => i.id)).toEqual([created.id]);
    // A key is found whole only: it is a device's password, not to be guessed letter by letter.
    expect((await call('GET', `${base}/pages?keyword=findme`)).json().total).toBe(0);
    expect((await call('GET', `${base}/pages?keyword=PL-00`)).json().total).toBe(1);
    expect((await call('GET', `${base}/pages?status=occupied&keyword=findme-key`)).json().total).toBe(0);
    const upd = await call('PUT', `${base}/${created.id}`, item({ no: 'PL-0001', name: '改名', key1: 'k2' }));
    expect(upd.json()).toMatchObject({ name: '改名', key1: '******' });
    expect((await call('GET', `${base}/${created.id}/key1`)).json()).toEqual({ key1: 'k2' });
    expect((await call('DELETE', `${base}/${created.id}`)).json()).toEqual({ ok: true });
  });

  it('requires project, model and key1', async () => {
    const res = await call('POST', base, item({ key1: '', modelId: '', projectId: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'key1', message: 'Key 1 required' },
        { field: 'modelId', message: 'Device model required' },
        { field: 'projectId', message: 'Project required' },
      ]),
    );
  });

  it('refuses to delete an occupied item or change its key, and frees nothing by itself', async () => {
    const created = (await call('POST', base, item({ no: 'PL-OCC' }))).json();
    const dev = await call('POST', '/api/biz/devices.do', {
      name: '占用灯',
      no: 'OCC-1',
      type: 'lighting',
      modelId: String(lcu),
      projectId: String(project.id),
      productionNo: 'PL-OCC',
    });
    expect(dev.statusCode, dev.body).toBe(200);
    const view = (await call('GET', `${base}/pages?status=occupied&keyword=PL-OCC`)).json().list[0];
    expect(view).toMatchObject({ status: 1, occupiedDeviceName: '占用灯', occupiedProjectName: project.name });
    expect((await call('DELETE', `${base}/${created.id}`)).statusCode).toBe(409);
    const locked = await call('PUT', `${base}/${created.id}`, item({ no: 'PL-OCC', key1: 'other' }));
    expect(locked.statusCode).toBe(409);
    expect(
      (await call('PUT', `${base}/${created.id}`, item({ no: 'PL-OCC', key1: 'abcdef', name: '新名' }))).statusCode,
    ).toBe(200);
  });

  it('hides another project’s items and answers 403 to a view-only role on writes', async () => {
    const theirs = (await call('POST', base, item({ projectId: String(sibling.id), no: 'SIB-1' }))).json();
    const role = await createRole(t.database.db, project.id, { bizproductionlib: 1 });
    const user = await createUser(t.database.db, role.id);
    const token = await t.token(user.name, user.password);
    const page = await call('GET', `${base}/pages?keyword=SIB-1`, undefined, token);
    expect(page.json().total).toBe(0);
    expect((await call('POST', base, item(), token)).statusCode).toBe(403);
    const editor = await createUser(
      t.database.db,
      (await createRole(t.database.db, project.id, { bizproductionlib: 5 })).id,
    );
    const editorToken = await t.token(editor.name, editor.password);
    expect((await call('DELETE', `${base}/${theirs.id}`, undefined, editorToken)).statusCode).toBe(404);
  });
});

describe('POST /auto', () => {
  it('creates consecutive numbers keeping the padding, with random keys', async () => {
    const res = await call('POST', `${base}/auto`, {
      name: '自动灯',
      startNo: 'AUTO000098',
      count: '3',
      modelId: String(lcu),
      projectId: String(project.id),
    });
    expect(res.json()).toEqual({ created: 3, firstNo: 'AUTO000098', lastNo: 'AUTO000100' });
    const rows = await queryRows<{ no: string; name: string; key1: string }>(
      t.database.db,
      sql`select no, name, key1 from production_items where no like 'AUTO%' order by no`,
    );
    expect(rows.map((r) => r.no)).toEqual(['AUTO000098', 'AUTO000099', 'AUTO000100']);
    expect(rows[0]!.name).toBe('自动灯000098');
    expect(rows[0]!.key1).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(rows.map((r) => r.key1)).size).toBe(3);
    const clash = await call('POST', `${base}/auto`, {
      name: '自动灯',
      startNo: 'AUTO000095',
      count: '10',
      modelId: String(lcu),
      projectId: String(project.id),
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('These numbers already exist: AUTO000098, AUTO000099, AUTO000100 (3 in all)');
    expect(await count('AUTO%')).toBe(3);
  });
});

describe('POST /upload', () => {
  it('imports a good file with quoted fields, a BOM and CRLF', async () => {
    const body = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      csv([
        `灯一,CSV-1,k1,lcunb,${project.no},"北门, 东侧"`,
        `灯二,CSV-2,"k""2",lcunb,${project.no},"两行\r\n说明"`,
        '',
      ]),
    ]);
    const res = await upload(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 2, errors: [] });
    const rows = await queryRows<{ key1: string; description: string }>(
      t.database.db,
      sql`select key1, description from production_items where no like 'CSV-%' order by no`,
    );
    expect(rows).toEqual([
      { key1: 'k1', description: '北门, 东侧' },
      { key1: 'k"2', description: '两行\r\n说明' },
    ]);
  });

  it('imports nothing when any line is bad, listing every fault by line', async () => {
    const res = await upload(
      csv([
        `好灯,BAD-1,k,lcunb,${project.no},`,
        `缺型号,BAD-2,k,,${project.no},`,
        `未知,BAD-3,k,nosuchmodel,${project.no},`,
        `别人的,BAD-4,k,lcunb,${sibling.no},`,
        `重复,BAD-1,k,lcunb,${project.no},`,
        `无键,BAD-5,,lcunb,${project.no},`,
        'too,few',
      ]),
      await (async () => {
        const role = await createRole(t.database.db, project.id, { bizproductionlib: 5 });
        const user = await createUser(t.database.db, role.id);
        return t.token(user.name, user.password);
      })(),
    );
    expect(res.statusCode).toBe(400);
    const answer = res.json();
    expect(answer.imported).toBe(0);
    expect(answer.message).toBe('Lines with errors in the file: 6. Nothing was imported');
    expect(answer.errors).toEqual([
      { line: 3, field: 'modelNo', message: 'Device model required' },
      { line: 4, field: 'modelNo', message: 'No model has this number' },
      { line: 5, field: 'projectNo', message: 'No project in your scope has this number' },
      { line: 6, field: 'no', message: 'The number repeats line 2' },
      { line: 7, field: 'key1', message: 'Key 1 required' },
      { line: 8, field: '', message: '6 columns expected' },
    ]);
    expect(await count('BAD-%')).toBe(0);
  });

  it('refuses numbers already in the table, caps the list at 200 lines', async () => {
    await call('POST', base, item({ no: 'TAKEN-1' }));
    const lines = Array.from({ length: 250 }, (_, i) => `灯,CAP-${i},,lcunb,${project.no},`);
    lines.push(`灯,TAKEN-1,k,lcunb,${project.no},`);
    const res = await upload(csv(lines), admin, 'zh_CN');
    expect(res.statusCode).toBe(400);
    const answer = res.json();
    expect(answer.more).toBe(51);
    expect(answer.errors).toHaveLength(201);
    expect(answer.errors[0]).toEqual({ line: 2, field: 'key1', message: '请输入特征值' });
    expect(answer.errors[200]).toEqual({ line: 0, field: '', message: '另有 51 行错误未列出' });
    const taken = await upload(csv([`灯,NEW-1,k,lcunb,${project.no},`, `灯,TAKEN-1,k,lcunb,${project.no},`]));
    expect(taken.json().errors).toEqual([{ line: 3, field: 'no', message: 'The number is already used' }]);
    expect(await count('NEW-%')).toBe(0);
  });

  it('reads a GBK file (Excel in China)', async () => {
    // 路灯 in GBK: C2 B7 B5 C6
    const ascii = (s: string) => Buffer.from(s, 'latin1');
    const body = Buffer.concat([
      ascii(`${HEADER}\r\n`),
      Buffer.from([0xc2, 0xb7, 0xb5, 0xc6]),
      ascii(`,GBK-1,k,lcunb,${project.no},\r\n`),
    ]);
    const res = await upload(body);
    expect(res.json()).toEqual({ imported: 1, errors: [] });
    const [row] = await queryRows<{ name: string }>(
      t.database.db,
      sql`select name from production_items where no = 'GBK-1'`,
    );
    expect(row!.name).toBe('路灯');
  });

  it('refuses a file that is neither UTF-8 nor GBK, a wrong header, and a file over 10MB', async () => {
    const garbled = await upload(Buffer.concat([Buffer.from(`${HEADER}\n`), Buffer.from([0xff, 0xfe, 0xff])]));
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().message).toContain('CSV UTF-8');
    const header = await upload(Buffer.from('a,b,c\n1,2,3\n'));
    expect(header.statusCode).toBe(400);
    expect(header.json().message).toBe(`The first line must be the header: ${HEADER}`);
    const big = await upload(Buffer.alloc(10 * 1024 * 1024 + 10, 0x61), admin, 'en_US');
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toEqual([{ field: 'file', message: 'File too large' }]);
    const noFile = await upload(Buffer.from('x'), admin, 'en_US', 'other');
    expect(noFile.statusCode).toBe(400);
  });

  it('leaves fresh planner statistics after an import and an auto-create (a bulk write)', async () => {
    const stats = async () =>
      (
        await queryRows<{ reltuples: number; n: number }>(
          t.database.db,
          sql`select c.reltuples::int as reltuples, (select count(*)::int from production_items) as n
              from pg_class c where c.oid = 'production_items'::regclass`,
        )
      )[0]!;
    const lines = Array.from({ length: 3000 }, (_, i) => `批量${i},BULK-${i},k${i},lcunb,${project.no},`);
    expect((await upload(csv(lines))).json()).toEqual({ imported: 3000, errors: [] });
    let s = await stats();
    // ANALYZE counts every row of a table this small (it samples 30,000).
    expect(s.reltuples).toBe(s.n);
    const auto = await call('POST', `${base}/auto`, {
      name: '批量',
      startNo: 'BULKAUTO0001',
      count: '2000',
      modelId: String(lcu),
      projectId: String(project.id),
    });
    expect(auto.json()).toMatchObject({ created: 2000 });
    s = await stats();
    expect(s.reltuples).toBe(s.n);
    expect(s.n).toBeGreaterThanOrEqual(5000);
  });

  it('answers the template: UTF-8 with BOM, header and an example line', async () => {
    const res = await call('GET', `${base}/template`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(2);
  });
});

describe("key1, a device's MQTT password (issue 11)", () => {
  it('is masked in every list and answer, read one at a time at edit level, and kept when the mask is sent back', async () => {
    const created = (await call('POST', base, item({ no: 'PL-KEY', key1: 'secret-key-1' }))).json();
    expect(created.key1).toBe('******');
    const page = (await call('GET', `${base}/pages?keyword=PL-KEY`)).json();
    expect(page.list[0].key1).toBe('******');
    expect(JSON.stringify(page)).not.toContain('secret-key-1');
    // The edit dialog sends the mask back unchanged: the stored key stays.
    const kept = await call('PUT', `${base}/${created.id}`, item({ no: 'PL-KEY', name: '保留', key1: '******' }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await call('GET', `${base}/${created.id}/key1`)).json()).toEqual({ key1: 'secret-key-1' });
  });

  it('never reaches view level: not in the list, not by its own call, not by keyword', async () => {
    await call('POST', base, item({ no: 'PL-VIEW', key1: 'viewer-cannot-see' }));
    const user = await createUser(
      t.database.db,
      (await createRole(t.database.db, project.id, { bizproductionlib: 1 })).id,
    );
    const viewer = await t.token(user.name, user.password);
    const page = await call('GET', `${base}/pages?keyword=PL-VIEW`, undefined, viewer);
    expect(page.statusCode).toBe(200);
    expect(page.json().total).toBe(1);
    expect(page.body).not.toContain('viewer-cannot-see');
    const id = page.json().list[0].id;
    const key = await call('GET', `${base}/${id}/key1`, undefined, viewer, 'zh_CN');
    expect(key.statusCode).toBe(403);
    expect(key.json().message).toBe('没有权限执行此操作');
    expect((await call('GET', `${base}/pages?keyword=viewer-cannot-see`, undefined, viewer)).json().total).toBe(0);
    expect((await call('GET', `${base}/pages?keyword=viewer-cannot-see`)).json().total).toBe(1);
  });

  it('of another project does not exist for an editor (404)', async () => {
    const other = (
      await call('POST', base, item({ no: 'PL-SIB', key1: 'sibling-key', projectId: String(sibling.id) }))
    ).json();
    const user = await createUser(
      t.database.db,
      (await createRole(t.database.db, project.id, { bizproductionlib: 5 })).id,
    );
    const editor = await t.token(user.name, user.password);
    const res = await call('GET', `${base}/${other.id}/key1`, undefined, editor);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('sibling-key');
  });
});
