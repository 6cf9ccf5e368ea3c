import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type RawAnswer, rawRequest } from './raw-http.js';

/**
 * An OpenAPI-driven fuzzer (issue 11): for every path and verb of /api/docs/json, requests whose path
 * parameters, query values and bodies are malformed in every way we know (NUL and control characters,
 * huge strings, wrong types, arrays, negative and huge numbers, invalid JSON, broken multipart, huge
 * bodies, odd content types), seeded so a failure can be replayed. Each answer is checked: never 5xx,
 * an error has the catalogue's shape and a message in the language asked for.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Operation {
  method: Method;
  path: string;
  pathParams: string[];
  query: string[];
  body: string[];
}

export interface FuzzFailure {
  request: string;
  status: number;
  body: string;
  reason: string;
}

export interface FuzzReport {
  sent: number;
  operations: number;
  byStatus: Record<number, number>;
  serverErrors: number;
  failures: FuzzFailure[];
  ms: number;
}

/** mulberry32: small, fast and the same everywhere for a seed. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof seededRandom>;

/** Text values no field should choke on. */
const NASTY_TEXT = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0003\u001f',
  '\u001b[31m',
  '\u007f\u0080\u009f',
  '\ud800',
  'x\udfffy',
  '\ufeff',
  '\u202e',
  '😀',
  '路灯'.repeat(3000),
  'x'.repeat(20_000),
  '',
  ' ',
  '\t\r\n',
  '-1',
  '0',
  '-2147483649',
  '2147483648',
  '9007199254740993',
  '1e309',
  '-1e309',
  '1.5',
  'NaN',
  'Infinity',
  '0x1F',
  'true',
  'null',
  'undefined',
  '[object Object]',
  '%',
  '%00',
  '%zz',
  '../../../../etc/passwd',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as text
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  '2024-13-45 25:61:61',
  '0000-00-00',
  '99999-01-01',
  'lighting',
  'zh_CN',
];

/** JSON values of every type, sized and shaped to hurt. */
const NASTY_JSON: unknown[] = [
  ...NASTY_TEXT,
  null,
  true,
  false,
  0,
  -1,
  -0,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  -1e308,
  [],
  [1, 2, 3],
  ['\u0000'],
  [null],
  Array.from({ length: 5000 }, (_, i) => i),
  {},
  { a: 1 },
  { $gt: '' },
  { toString: 'x' },
  'y'.repeat(200_000),
];

/** Bodies that are not the JSON they claim to be. */
const BAD_JSON = [
  '{',
  '{"a":',
  '[',
  '}',
  'nul',
  '{"a":1}}',
  '{"a":1,}',
  "{'a':1}",
  '\u0000',
  '{"a":"\u0000"}',
  '\ufeff{"a":1}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '"just a string"',
  '12345',
  'null',
  '[]',
  '[1,2]',
  '{"a":1e999999}',
  '['.repeat(100_000),
  '{"a":'.repeat(50_000),
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '\xff\xfe{}',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/mixed; boundary=x',
  'application/x-www-form-urlencoded; charset=gbk',
  'image/png',
  '*/*',
  ';;;',
  'application/json\u0000',
];

/** The API's operations, from its own OpenAPI document. */
export async function operationsOf(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`no OpenAPI document: ${res.statusCode}`);
  const doc = res.json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
        }
      >
    >;
  };
  const ops: Operation[] = [];
  for (const [path, verbs] of Object.entries(doc.paths)) {
    for (const [verb, op] of Object.entries(verbs)) {
      const method = verb.toUpperCase() as Method;
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const params = op.parameters ?? [];
      const schema = Object.values(op.requestBody?.content ?? {})[0]?.schema;
      ops.push({
        method,
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query' && p.name !== 'lang').map((p) => p.name),
        body: Object.keys(schema?.properties ?? {}),
      });
    }
  }
  return ops;
}

/** A plausible value, so some requests get past the first check to the deeper ones. */
const plausible = (r: Random, name: string): string => {
  if (/id$/i.test(name) || name === 'n' || /^(page|pageSize)$/.test(name)) return String(2 + r.int(20));
  if (name === 'type' || name === 'serial') return r.pick(['lighting', 'gateway', 'envmonitor', 'lcunb']);
  if (/password/i.test(name)) return r.pick(['abc123', 'Passw0rd']);
  if (/^(lng|lat)$/.test(name)) return r.pick(['116.4', '39.9']);
  return r.pick(['abcd', '路灯控制器', 'Test123', 'Name2024']);
};

/** Text the database refuses or a reader chokes on: drawn often, it is what most often got through. */
const INVALID_TEXT = ['\u0000', 'a\u0000b', 'abc\u0000', '\u0001\u0002\u0003\u001f', '\ud800', 'x\udfffy'];
const nastyText = (r: Random) => (r.chance(0.3) ? r.pick(INVALID_TEXT) : r.pick(NASTY_TEXT));
const nastyJson = (r: Random) => (r.chance(0.25) ? r.pick(INVALID_TEXT) : r.pick(NASTY_JSON));

/** encodeURIComponent, with a lone surrogate sent as the bytes of one (which the URL cannot carry). */
function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}

function pathWith(op: Operation, r: Random, fuzzParams: boolean): string {
  let path = op.path;
  for (const name of op.pathParams) {
    const value = fuzzParams && r.chance(0.7) ? nastyText(r) : plausible(r, name);
    path = path.replace(`{${name}}`, encodePart(value));
  }
  return path;
}

/** Which of `names` to corrupt: often one alone (so the others pass and it reaches deeper), else all. */
function corrupted(r: Random, names: string[]): Set<string> {
  if (!names.length) return new Set();
  if (r.chance(0.35)) return new Set(names);
  return new Set([r.pick(names)]);
}

function queryWith(op: Operation, r: Random, fuzz: boolean): URLSearchParams {
  const q = new URLSearchParams();
  const bad = fuzz ? corrupted(r, op.query) : new Set<string>();
  for (const name of op.query) {
    if (!bad.has(name)) {
      if (r.chance(0.5)) q.set(name, plausible(r, name));
      continue;
    }
    const times = r.chance(0.2) ? 2 + r.int(3) : 1; // an array where one value is expected
    for (let i = 0; i < times; i++) q.append(name, r.chance(0.9) ? nastyText(r) : plausible(r, name));
  }
  if (fuzz && r.chance(0.2)) q.append(r.pick(['x', '__proto__', 'a\u0000b', 'constructor[prototype]']), nastyText(r));
  return q;
}

function bodyWith(op: Operation, r: Random): Record<string, unknown> {
  const names = op.body.length ? op.body : ['name', 'value', 'ids'];
  const bad = corrupted(r, names);
  const body: Record<string, unknown> = {};
  for (const name of names) {
    if (r.chance(0.1)) continue;
    body[name] = bad.has(name) ? nastyJson(r) : plausible(r, name);
  }
  return body;
}

function multipartWith(r: Random): { contentType: string; payload: Buffer } {
  const boundary = `----fuzz${r.int(1e9)}`;
  const part = (name: string, value: string | Buffer, file = false) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="a.png"\r\nContent-Type: image/png' : ''}\r\n\r\n`,
      ),
      Buffer.isBuffer(value) ? value : Buffer.from(value),
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const variants: (() => { contentType?: string; payload: Buffer })[] = [
    () => ({ payload: Buffer.concat([part('file', png, true)]) }), // no closing boundary
    () => ({ payload: part('file', png, true).subarray(0, 30) }), // cut inside the headers
    () => ({ payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx`) }),
    () => ({ payload: Buffer.from('not multipart at all') }),
    () => ({ payload: Buffer.concat([...Array.from({ length: 30 }, (_, i) => part(`f${i}`, 'v')), end]) }),
    () => ({ payload: Buffer.concat([part('file', png, true), part('file', png, true), end]) }),
    () => ({ payload: Buffer.concat([part('a\u0000b', 'v'), part('file', png, true), end]) }),
    () => ({ payload: Buffer.concat([part('file', 'x'.repeat(300_000), true), end]) }),
    () => ({ payload: Buffer.concat([part('file', Buffer.from('a,b\u0000,c\n1,2,3'), true), end]) }),
    () => ({ payload: Buffer.concat([part('__proto__', 'x'), end]) }),
    () => ({ payload: Buffer.concat([part('file', png, true), end]), contentType: 'multipart/form-data' }),
    () => ({
      payload: Buffer.concat([part('file', png, true), end]),
      contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
    }),
    () => ({ payload: Buffer.from(`--${boundary}\r\n\r\n\r\n--${boundary}--`) }),
  ];
  const v = r.pick(variants)();
  return { contentType: v.contentType ?? `multipart/form-data; boundary=${boundary}`, payload: v.payload };
}

const MODES = ['params', 'query', 'json', 'form', 'badjson', 'multipart', 'ctype', 'huge', 'method'] as const;

/** One malformed request for `op`. */
export function fuzzRequest(op: Operation, r: Random, auth: string | null, lang: string): InjectOptions {
  const mode = r.pick(MODES);
  const path = pathWith(op, r, mode === 'params' || r.chance(0.1));
  const q = queryWith(op, r, mode === 'query' || r.chance(0.2));
  if (lang) q.set('lang', lang);
  if (auth && r.chance(0.85)) q.set('token', auth);
  const headers: Record<string, string> = {};
  if (auth && !q.has('token')) headers.authorization = `Bearer ${auth}`;
  else if (!auth && r.chance(0.5)) q.set('token', r.pick(['garbage', '\u0000', 'x'.repeat(500), '']));
  const url = `${path}?${q.toString()}`;
  let method: InjectOptions['method'] = op.method;
  let payload: string | Buffer | undefined;
  const writes = op.method !== 'GET';
  switch (mode) {
    case 'json':
      if (writes) {
        payload = JSON.stringify(r.chance(0.1) ? nastyJson(r) : bodyWith(op, r));
        headers['content-type'] = 'application/json';
      }
      break;
    case 'form':
      if (writes) {
        const f = new URLSearchParams();
        for (const [k, v] of Object.entries(bodyWith(op, r))) {
          if (Array.isArray(v)) for (const item of v.slice(0, 50)) f.append(k, String(item));
          else f.append(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
        }
        payload = f.toString();
        headers['content-type'] = 'application/x-www-form-urlencoded';
      }
      break;
    case 'badjson':
      payload = r.pick(BAD_JSON);
      headers['content-type'] = 'application/json';
      break;
    case 'multipart': {
      const m = multipartWith(r);
      payload = m.payload;
      headers['content-type'] = m.contentType;
      break;
    }
    case 'ctype':
      payload = r.chance(0.5) ? '{"a":1}' : Buffer.from([0xff, 0x00, 0xfe, 0x80]);
      headers['content-type'] = r.pick(CONTENT_TYPES);
      break;
    case 'huge':
      payload = JSON.stringify({ [op.body[0] ?? 'name']: 'z'.repeat(1_000_000 + r.int(1_000_000)) });
      headers['content-type'] = 'application/json';
      break;
    case 'method':
      method = r.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const);
      break;
    default:
      if (writes && r.chance(0.5)) {
        payload = JSON.stringify(bodyWith(op, r));
        headers['content-type'] = 'application/json';
      }
  }
  return { method, url, headers, ...(payload !== undefined ? { payload } : {}) };
}

const CJK = /[\u3400-\u9fff]/;

/** What is wrong with an answer, or null. `lang` is what the caller asked for ('' for none). */
export function answerFault(status: number, contentType: string | undefined, body: string, lang: string) {
  if (status >= 500) return `server error ${status}`;
  if (status < 400) return null;
  if (!contentType?.includes('application/json')) return `error without JSON (${contentType})`;
  let parsed: { statusCode?: unknown; code?: unknown; message?: unknown };
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'error body is not JSON';
  }
  if (parsed.statusCode !== status) return `statusCode ${String(parsed.statusCode)} for ${status}`;
  if (typeof parsed.code !== 'string' || !parsed.code) return 'no code';
  if (typeof parsed.message !== 'string' || !parsed.message) return 'no message';
  if (lang === 'en_US' ? CJK.test(parsed.message) : !CJK.test(parsed.message))
    return `message not in ${lang || 'zh_CN'}: ${parsed.message}`;
  return null;
}

/** Raw HTTP abuse `inject` cannot express: the parser's and router's answers, over a real socket. */
export const RAW_CASES: { name: string; data: (lang: string) => string | Buffer }[] = [
  { name: 'NUL in a header', data: (l) => `GET /api/home.do?lang=${l} HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n` },
  {
    name: 'control byte in a header',
    data: (l) => `GET /api/home.do?lang=${l} HTTP/1.1\r\nHost: x\r\nX-A: \u0001\r\n\r\n`,
  },
  { name: 'header without colon', data: (l) => `GET /api/home.do?lang=${l} HTTP/1.1\r\nHost: x\r\nbroken\r\n\r\n` },
  { name: 'space in a header name', data: (l) => `GET /api/home.do?lang=${l} HTTP/1.1\r\nHo st: x\r\n\r\n` },
  {
    name: 'headers too large',
    data: (l) => `GET /api/home.do?lang=${l} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
  },
  {
    name: 'many headers',
    data: (l) =>
      `GET /api/home.do?lang=${l} HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 3000 }, (_, i) => `X-${i}: v`).join('\r\n')}\r\n\r\n`,
  },
  { name: 'request line too long', data: (l) => `GET /api/home.do?lang=${l}&q=${'a'.repeat(40_000)} HTTP/1.1\r\n\r\n` },
  {
    name: 'path parameter too long',
    data: (l) => `GET /api/biz/devices.do/${'1'.repeat(5000)}?lang=${l} HTTP/1.1\r\nHost: x\r\n\r\n`,
  },
  {
    name: 'bad percent-encoding',
    data: (l) => `GET /api/bas/devicetypes.do/%zz?lang=${l} HTTP/1.1\r\nHost: x\r\n\r\n`,
  },
  { name: 'unknown method', data: (l) => `FOO /api/home.do?lang=${l} HTTP/1.1\r\nHost: x\r\n\r\n` },
  { name: 'bad HTTP version', data: (l) => `GET /api/home.do?lang=${l} HTTP/9.9\r\nHost: x\r\n\r\n` },
  {
    name: 'bad chunk size',
    data: (l) =>
      `POST /api/login.do?lang=${l} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
  },
  {
    name: 'content-length and chunked together',
    data: (l) =>
      `POST /api/login.do?lang=${l} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}`,
  },
  {
    name: 'two content-lengths',
    data: (l) =>
      `POST /api/login.do?lang=${l} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
  },
  {
    name: 'negative content-length',
    data: (l) =>
      `POST /api/login.do?lang=${l} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -5\r\n\r\n{}`,
  },
  {
    name: 'body over the limit (announced)',
    data: (l) =>
      `POST /api/login.do?lang=${l} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${64 * 1024 * 1024}\r\n\r\n{}`,
  },
  {
    name: 'multipart over the limit (announced)',
    data: (l) =>
      `POST /api/biz/productionlib.do/upload?lang=${l} HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${64 * 1024 * 1024}\r\n\r\n--b\r\n`,
  },
  { name: 'NUL in the path', data: (l) => `GET /api/home.do%00?lang=${l} HTTP/1.1\r\nHost: x\r\n\r\n` },
  { name: 'raw NUL in the request line', data: (l) => `GET /api/\u0000?lang=${l} HTTP/1.1\r\nHost: x\r\n\r\n` },
];

/** Runs the raw cases in both languages over a real socket; answers the faults found. */
export async function fuzzRaw(port: number, langs: readonly string[]): Promise<FuzzFailure[]> {
  const failures: FuzzFailure[] = [];
  for (const c of RAW_CASES) {
    for (const lang of langs) {
      let answer: RawAnswer;
      try {
        answer = await rawRequest(port, c.data(lang));
      } catch (error) {
        failures.push({ request: c.name, status: 0, body: '', reason: String(error) });
        continue;
      }
      const fault = answerFault(answer.status, answer.headers['content-type'], answer.body, lang);
      if (fault)
        failures.push({ request: `${c.name} (${lang})`, status: answer.status, body: answer.body, reason: fault });
    }
  }
  return failures;
}

/**
 * Sends `requests` fuzzed requests, every operation in turn, in both languages. `token()` answers a
 * signed-in administrator's token (asked again if a fuzzed call ended that session).
 */
export async function fuzzApi(
  app: FastifyInstance,
  options: { requests: number; seed: number; token: () => Promise<string>; onProgress?: (sent: number) => void },
): Promise<FuzzReport> {
  const started = Date.now();
  const r = seededRandom(options.seed);
  const ops = (await operationsOf(app)).filter(
    // Signing the fuzzing administrator out would only turn the rest into 401s.
    (op) => !(op.method === 'DELETE' && op.path === '/api/login.do'),
  );
  let token = await options.token();
  const byStatus: Record<number, number> = {};
  const failures: FuzzFailure[] = [];
  let serverErrors = 0;
  for (let i = 0; i < options.requests; i++) {
    const op = ops[i % ops.length]!;
    const lang = r.pick(['en_US', 'zh_CN', 'zh_CN', 'en_US', '']);
    const who = r.next();
    const auth = who < 0.85 ? token : null;
    const request = fuzzRequest(op, r, auth, lang);
    let res: LightMyRequestResponse;
    try {
      res = await app.inject(request);
    } catch (error) {
      failures.push({ request: describe(request), status: 0, body: '', reason: `inject failed: ${String(error)}` });
      continue;
    }
    byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
    if (res.statusCode >= 500) serverErrors++;
    const fault = answerFault(res.statusCode, res.headers['content-type'] as string | undefined, res.body, lang);
    if (fault && failures.length < 200)
      failures.push({
        request: describe(request),
        status: res.statusCode,
        body: res.body.slice(0, 300),
        reason: fault,
      });
    if (auth && (res.statusCode === 401 || res.body.includes('"SESSION_EXPIRED"'))) {
      const check = await app.inject({ method: 'GET', url: `/api/login.do?token=${token}` });
      if (check.statusCode !== 200) token = await options.token();
    }
    if (options.onProgress && i % 500 === 499) options.onProgress(i + 1);
  }
  return { sent: options.requests, operations: ops.length, byStatus, serverErrors, failures, ms: Date.now() - started };
}

function describe(request: InjectOptions): string {
  const payload = request.payload === undefined ? '' : String(request.payload).slice(0, 160);
  const type = (request.headers as Record<string, string> | undefined)?.['content-type'] ?? '';
  return `${request.method} ${String(request.url).slice(0, 200)} [${type}] ${JSON.stringify(payload)}`;
}
