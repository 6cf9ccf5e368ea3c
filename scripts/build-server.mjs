#!/usr/bin/env node
// Builds the server once to JavaScript (packages/server/dist/main.js): its TypeScript and the
// workspace packages it imports (contract, simulator) bundled by esbuild; every other package stays
// an import from node_modules. `npm start` runs the result with plain node (no compiling at start).
// Then makes the template a new PGlite data directory starts from (dist/pgdata-template, see
// packages/server/src/db/pgdata-template.ts) when it is missing or older than the migrations.
// Usage: node scripts/build-server.mjs  (scripts/start.mjs calls it when the sources changed)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'packages/server/dist');

/** Bare imports stay imports, but the workspace's own TypeScript packages are bundled. */
const externals = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@sc/') || args.kind === 'entry-point' ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * `import.meta.dirname` keeps meaning the source file's folder (config.ts finds the repository root by
 * it, the database client its migrations): rewritten relative to the bundle's folder.
 */
const sourceDirname = {
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const relative = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
      return {
        contents: `import * as __scPath from 'node:path';\n${text.replaceAll(
          'import.meta.dirname',
          `__scPath.join(import.meta.dirname, ${JSON.stringify(relative)})`,
        )}`,
        loader: 'ts',
      };
    });
  },
};

const started = Date.now();
// Built beside, then moved in file by file (a rename is atomic): instances starting at the same moment
// (npm run cluster) never load a half-written bundle.
const staging = path.join(outdir, `.build-${process.pid}`);
await build({
  entryPoints: {
    main: path.join(root, 'packages/server/src/main.ts'),
    'pgdata-template': path.join(root, 'packages/server/src/db/pgdata-template.main.ts'),
  },
  outdir: staging,
  bundle: true,
  // main.ts loads serve.ts with import(): its own chunk, evaluated while the database worker starts.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externals, sourceDirname],
});
// The entries last: what they import (chunk-*, named by hash) is in place before them; the chunks of
// earlier builds are removed.
const entries = ['pgdata-template.js.map', 'pgdata-template.js', 'main.js.map', 'main.js'];
const chunks = fs.readdirSync(staging).filter((file) => !entries.includes(file));
for (const file of [...chunks, ...entries]) fs.renameSync(path.join(staging, file), path.join(outdir, file));
for (const file of fs.readdirSync(outdir))
  if (file.startsWith('chunk-') && !chunks.includes(file)) fs.rmSync(path.join(outdir, file));
fs.rmSync(staging, { recursive: true, force: true });
console.log(`Built the server in ${((Date.now() - started) / 1000).toFixed(1)} s (packages/server/dist/main.js)`);
const template = spawnSync(process.execPath, [path.join(outdir, 'pgdata-template.js')], { stdio: 'inherit' });
if (template.status !== 0) process.exit(template.status ?? 1);
