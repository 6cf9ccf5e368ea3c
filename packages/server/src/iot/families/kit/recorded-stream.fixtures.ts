import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { findFfmpeg } from './ffmpeg-binary.js';

/**
 * A recording as a real device streams it for a replay: a finite stream (8 s of ffmpeg's test picture in
 * H.264, a key frame every 2 s, MPEG-TS over HTTP, made as fast as ffmpeg can), served for the test
 * file's tests (its own beforeAll and afterAll). `url` is where a device's answer points; `served` counts
 * the requests, so a test can tell that a shared replay did not read the device again.
 */
export function recordedStreamSource(name = 'recording.ts') {
  let server: Server | undefined;
  const source = { url: '', served: 0 };
  beforeAll(async () => {
    const ffmpeg = findFfmpeg().path!;
    server = createServer((_req, res) => {
      source.served += 1;
      const ff = spawn(ffmpeg, [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10:duration=8'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '20', '-keyint_min', '20', '-sc_threshold', '0'],
        ...['-pix_fmt', 'yuv420p', '-f', 'mpegts', 'pipe:1'],
      ]);
      res.writeHead(200, { 'content-type': 'video/mp2t' });
      ff.stdout.pipe(res);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    source.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/${name}`;
  });
  afterAll(() => {
    server?.closeAllConnections();
    server?.close();
  });
  return source;
}

/**
 * The replay's playlist read by `read` (a caller's GET of a path) is a whole, seekable HLS VOD of at
 * least four segments, and its last segment is MPEG-TS.
 */
export async function expectSeekableVod(read: (path: string) => Promise<LightMyRequestResponse>, playlist: string) {
  const list = await read(playlist);
  expect(list.statusCode).toBe(200);
  expect(list.headers['content-type']).toContain('mpegurl');
  expect(list.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
  expect(list.body).toContain('#EXT-X-ENDLIST');
  const segments = list.body.split('\n').filter((l) => l.endsWith('.ts'));
  expect(segments.length).toBeGreaterThanOrEqual(4);
  const last = await read(playlist.replace('index.m3u8', segments.at(-1)!));
  expect(last.statusCode).toBe(200);
  expect(last.rawPayload[0]).toBe(0x47);
}
