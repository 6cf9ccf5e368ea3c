// What a screen of the built console loads, from vite's manifest (packages/web/dist/.vite/manifest.json):
// the entry with everything it imports statically, plus the screens' own chunks and their static imports.
// Used by the bundle budget test and the console benchmark.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const webDist = path.resolve(import.meta.dirname, '../../packages/web/dist');

export function readManifest(dist = webDist) {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
}

/**
 * Files (JS and CSS, relative to dist) loaded before a screen shows: the entry's static closure and,
 * for each source path in `screens` (e.g. 'src/pages/login/login-page.tsx'), that chunk's static closure.
 */
export function screenFiles(manifest, screens) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the build's manifest: ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const screen of screens) visit(screen);
  return [...files].filter((f) => /\.(js|css)$/.test(f)).sort();
}

/** Raw, gzip and brotli bytes of files under dist (the precompressed siblings when the build wrote them). */
export function sizes(files, dist = webDist) {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const full = path.join(dist, file);
    const body = fs.readFileSync(full);
    const sibling = (ext, compress) =>
      fs.existsSync(full + ext) ? fs.statSync(full + ext).size : compress(body).length;
    total.raw += body.length;
    total.gzip += sibling('.gz', (b) => zlib.gzipSync(b, { level: 9 }));
    total.brotli += sibling('.br', (b) => zlib.brotliCompressSync(b));
  }
  return total;
}
