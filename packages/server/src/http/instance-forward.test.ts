import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instances } from '../cluster/instances.js';
import { createInstanceForward } from './instance-forward.js';

/**
 * The forwarding alone, between two plain HTTP servers standing for two instances: a held key's GET and
 * POST reach the holder and its answer comes back as it is streamed; a forwarded request is never sent
 * on again; a holder that is not up (unknown, or gone) leaves the request to the receiving instance.
 */
const HOLDER = 'HOLDER01';
const HERE = 'HERE0001';
const PREFIX = '/api/pub/held/';
/** Where such keys are: a file of a key, a key alone (a pull or an upload), and a key among other params. */
const BOUND = ['/api/pub/held/:key/:file', '/api/pub/held/:key', '/api/:projectId/things/:id/replay/:key/:file'];
const key = (owner: string) => owner + 'k'.repeat(24);

/** An instance's `Instances` as the forwarder sees it: its id, and where the others are. */
const instancesOf = (id: string, where: Record<string, string | null>) =>
  ({
    id,
    otherOwner: (k: string) => (k.length > 8 && k.slice(0, 8) !== id ? k.slice(0, 8) : null),
    urlOf: async (owner: string) => where[owner] ?? null,
  }) as unknown as Instances;

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

let holder: http.Server;
let here: http.Server;
let holderUrl: string;
let hereUrl: string;
const seenByHolder: { method: string; url: string; body: string; forwardedBy: unknown }[] = [];
const where: Record<string, string | null> = {};

beforeAll(async () => {
  holder = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seenByHolder.push({
        method: req.method!,
        url: req.url!,
        body: Buffer.concat(chunks).toString(),
        forwardedBy: req.headers['x-sc-forwarded-by'],
      });
      if (req.url!.includes('stream')) {
        // A stream: the head at once, its bytes later.
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'x-held': 'yes' });
        res.flushHeaders();
        setTimeout(() => res.end('late bytes'), 300);
        return;
      }
      res.writeHead(201, { 'content-type': 'text/plain' });
      res.end(`held ${req.method}`);
    });
  });
  holderUrl = await listen(holder);
  const forward = createInstanceForward(instancesOf(HERE, where));
  for (const path of BOUND) forward.bind(path, 'key');
  here = http.createServer((req, res) => {
    if (forward.tryForward(req, res, () => res.writeHead(404).end('not here'))) return;
    res.writeHead(200).end('answered here');
  });
  hereUrl = await listen(here);
  where[HOLDER] = holderUrl;
});
afterAll(async () => {
  here.closeAllConnections();
  holder.closeAllConnections();
  await Promise.all([new Promise((r) => here.close(r)), new Promise((r) => holder.close(r))]);
});

describe('requests for what another instance holds', () => {
  it('reach the holder, GET and POST, its status, headers and body relayed', async () => {
    const get = await fetch(`${hereUrl}${PREFIX}${key(HOLDER)}/file?x=1`);
    expect([get.status, await get.text()]).toEqual([201, 'held GET']);
    const post = await fetch(`${hereUrl}${PREFIX}${key(HOLDER)}?key=abc`, { method: 'POST', body: 'voice' });
    expect([post.status, await post.text()]).toEqual([201, 'held POST']);
    expect(seenByHolder.slice(-2)).toEqual([
      { method: 'GET', url: `${PREFIX}${key(HOLDER)}/file?x=1`, body: '', forwardedBy: HERE },
      { method: 'POST', url: `${PREFIX}${key(HOLDER)}?key=abc`, body: 'voice', forwardedBy: HERE },
    ]);
  });

  it('relays a stream as it comes: its head before its bytes', async () => {
    const started = Date.now();
    const res = await fetch(`${hereUrl}${PREFIX}${key(HOLDER)}/stream`);
    expect(res.headers.get('x-held')).toBe('yes');
    expect(Date.now() - started).toBeLessThan(250);
    expect(await res.text()).toBe('late bytes');
  });

  it('finds the key among other params of a bound path', async () => {
    const replay = await fetch(`${hereUrl}/api/7/things/12/replay/${key(HOLDER)}/index.m3u8`);
    expect([replay.status, await replay.text()]).toEqual([201, 'held GET']);
    expect(seenByHolder.at(-1)).toMatchObject({ url: `/api/7/things/12/replay/${key(HOLDER)}/index.m3u8` });
  });

  it("leaves this instance's own keys, other paths and forwarded requests alone", async () => {
    const before = seenByHolder.length;
    for (const url of [
      `${PREFIX}${key(HERE)}/file`,
      `/api/other/${key(HOLDER)}`,
      `${PREFIX}short`,
      // Not the bound path: a segment more or fewer, another param in the key's place.
      `${PREFIX}${key(HOLDER)}/file/more`,
      `/api/7/things/${key(HOLDER)}/replay/x/index.m3u8`,
      `/api/7/things/12/replay/${key(HOLDER)}`,
    ]) {
      const res = await fetch(`${hereUrl}${url}`);
      expect(await res.text()).toBe('answered here');
    }
    const again = await fetch(`${hereUrl}${PREFIX}${key(HOLDER)}/file`, {
      headers: { 'x-sc-forwarded-by': 'ELSE0001' },
    });
    expect(await again.text()).toBe('answered here');
    expect(seenByHolder.length).toBe(before);
  });

  it("answers a POST it cannot send on itself, in the caller's language: holder not up 404, body over 1 MB 413", async () => {
    const gone = await fetch(`${hereUrl}${PREFIX}${key('NOBODY01')}?key=abc`, { method: 'POST', body: 'voice' });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: '请求的资源不存在' });
    const large = await fetch(`${hereUrl}${PREFIX}${key(HOLDER)}?key=abc&lang=en_US`, {
      method: 'POST',
      body: Buffer.alloc(1024 * 1024 + 1),
    });
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'File too large' });
  });

  it('answers as a miss here when the holder is not up: unknown, or gone', async () => {
    const unknown = await fetch(`${hereUrl}${PREFIX}${key('NOBODY01')}/file`);
    expect([unknown.status, await unknown.text()]).toEqual([404, 'not here']);
    where.GONE0001 = 'http://127.0.0.1:1';
    const gone = await fetch(`${hereUrl}${PREFIX}${key('GONE0001')}/file`);
    expect([gone.status, await gone.text()]).toEqual([404, 'not here']);
  });
});

describe('binding a path', () => {
  it('refuses a path without the named param', () => {
    const forward = createInstanceForward(instancesOf(HERE, where));
    expect(() => forward.bind('/api/pub/held/:session', 'key')).toThrow(/without :key/);
    expect(() => forward.bind('api/:key', 'key')).toThrow();
  });
});
