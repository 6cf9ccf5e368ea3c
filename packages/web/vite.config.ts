import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './precompress';

/**
 * The entry's stylesheet (global.css, a few hundred bytes) written into index.html (issue 12: first
 * paint). A stylesheet in the head holds the first paint until it arrives, and the browser asks for it
 * after the thirty scripts preloaded before it, six at a time: the splash waited for the scripts. The
 * content security policy allows inline styles, not inline scripts.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'sc-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"[^>]*?href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          return asset?.type === 'asset' ? `<style>${String(asset.source).trim()}</style>` : tag;
        });
      },
    },
  };
}

/**
 * The endpoint tables' summaries are for the OpenAPI document the server serves; the console never
 * reads them, so its build leaves them out of the families' tables and the kit's call builders (about
 * 4 KB of the login page's compressed budget): string and template literals after `summary:`, with or
 * without interpolation.
 */
function dropEndpointSummaries(): Plugin {
  const tables = /contract\/src\/families\/.+(?<!i18n|texts|\.test)\.ts$/;
  return {
    name: 'sc-drop-endpoint-summaries',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!tables.test(id.split('?')[0] ?? id)) return null;
      return { code: dropSummaries(code), map: null };
    },
  };
}

/** The end (exclusive) of the string or template literal that starts at `start`, nested templates included. */
export function literalEnd(code: string, start: number): number {
  const quote = code[start];
  let i = start + 1;
  while (i < code.length) {
    const c = code[i];
    if (c === '\\') i += 2;
    else if (c === quote) return i + 1;
    else if (quote === '`' && c === '$' && code[i + 1] === '{') {
      // An interpolation: up to its closing brace, stepping over the literals inside it.
      let depth = 1;
      i += 2;
      while (i < code.length && depth > 0) {
        const d = code[i];
        if (d === "'" || d === '"' || d === '`') i = literalEnd(code, i);
        else {
          if (d === '{') depth++;
          else if (d === '}') depth--;
          i++;
        }
      }
    } else if (quote !== '`' && c === '\n') return -1;
    else i++;
  }
  return -1;
}

/** `summary: <literal>` becomes `summary: ''` (a literal that does not end cleanly is left as it is). */
export function dropSummaries(code: string): string {
  let out = '';
  let from = 0;
  for (const match of code.matchAll(/\bsummary:\s*/g)) {
    const start = (match.index ?? 0) + match[0].length;
    if (start < from || !`'"\``.includes(code[start] ?? '')) continue;
    const end = literalEnd(code, start);
    if (end < 0) continue;
    out += `${code.slice(from, start)}''`;
    from = end;
  }
  return out + code.slice(from);
}

const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]/;
const LOGIN = /web[\\/]src[\\/]pages[\\/]login[\\/]login-page\.tsx$/;
/**
 * What every signed-in screen loads after the entry: the catalogue's routes, the frame, the families'
 * texts and dayjs's locales (the frame's loader takes them all at once).
 */
const FRAME =
  /(web[\\/]src[\\/](app[\\/]frame-routes\.tsx|app[\\/]frame[\\/]main-frame\.tsx|i18n[\\/]dayjs-locale\.ts)|contract[\\/]src[\\/]families[\\/][^\\/]+[\\/]i18n\.ts)$/;

const backend = process.env.SC_BACKEND ?? 'http://localhost:8080';
const require = createRequire(import.meta.url);

export default defineConfig(({ command }) => ({
  plugins: [dropEndpointSummaries(), react(), inlineEntryCss(), precompress()],
  resolve: {
    // react-router's package points every bundler at its development build (warnings and checks);
    // the production build is the same API without them, a fifth smaller.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: path.join(
                path.dirname(require.resolve('react-router/package.json')),
                'dist/production/index.mjs',
              ),
            },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bundler splits by use: every screen's chunk with what only it needs, shared code in shared
    // chunks, charts (echarts) and maps (leaflet) only with the screens that draw them. The manifest
    // tells the bundle budget test (src/bundle-budget.test.ts) what the login page loads.
    // Split by use alone, a reload of a signed-in list fetched and evaluated about 130 files, two thirds
    // of them under 5 KB: the groups below gather what always loads together, each with what it imports
    // that no higher group holds (a group's chunk is named by the group in the manifest).
    manifest: true,
    rolldownOptions: {
      // The families' texts are in the frame's chunk on purpose; the bundler warns that the contract's
      // list of them (which the console does not use) imports them statically too.
      onLog(level, log, handler) {
        if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && /families[\\/][^\\/]+[\\/]i18n\.ts/.test(log.message)) return;
        handler(level, log);
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 4 },
            // The entry's static imports, which every page loads (the login page too).
            { name: 'boot', tags: ['$initial'], priority: 3 },
            // The login page with its imports but the entry's: the frame shares some of them (the form's
            // inputs, the language menu), and in the frame's group they would load with the login page.
            { name: 'login', test: LOGIN, priority: 2 },
            // The catalogue, the frame and the families' texts with their imports, but the above.
            { name: 'frame', test: FRAME, priority: 1 },
            // The screens' icons, one file rather than one each (a few hundred bytes apiece).
            { name: 'icons', test: /node_modules[\\/]@ant-design[\\/]icons/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // The Host stays the dev server's: the realtime WebSocket accepts only its own origin (docs/security.md).
      '/api': { target: backend, changeOrigin: false, ws: true },
      '/code': { target: backend, changeOrigin: true },
      '/ws': { target: backend, changeOrigin: true, ws: true },
    },
  },
}));
