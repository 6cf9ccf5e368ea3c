#!/usr/bin/env node
// The least a node process does to serve HLS over HTTP: the files ffmpeg writes under a directory read
// and sent, nothing else (no routing, no key, no hooks, the content type and length only). The video
// bench runs it beside ffmpeg alone as the floor of serving HLS from node.
// Usage: node bench/lib/hls-static.mjs DIR  (prints its port)
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const root = path.resolve(process.argv[2]);
const server = http.createServer((req, res) => {
  const file = path.join(root, path.normalize(decodeURIComponent(req.url ?? '/')));
  let body;
  try {
    if (!file.startsWith(root)) throw new Error('outside');
    body = fs.readFileSync(file);
  } catch {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    'content-type': file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t',
    'content-length': body.length,
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
