import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript helpers shared with the benchmark and `npm start`
import { readManifest, screenFiles, sizes, webDist } from '../../../scripts/lib/bundle.mjs';
// @ts-expect-error plain JavaScript helpers shared with `npm start`
import { isStale, WEB_BUILT, WEB_SOURCES } from '../../../scripts/lib/freshness.mjs';

/**
 * The first load (issue 12): what the login page loads before it shows, compressed, stays within the
 * budget, and charts and maps stay off the screens that do not draw them. Reads the build's manifest
 * (`npm test` builds the console first; a missing or stale build is rebuilt here).
 */
// The login page loads the platform's texts of one language (a chunk per language, before the first
// render) and none of the families' (they load with the frame, the lighting screens' texts among them).
// The catalogue (every screen with its grants, built from the families' endpoint tables) loads with
// the first route past the login pages (app/frame-routes.tsx): 303.3 -> 270.0 KB on 2026-11-28.
const BUDGET_BYTES = 300 * 1024;
const LOGIN = ['src/pages/login/login-page.tsx'];
const LANGUAGES = ['../contract/src/i18n/zh-CN/index.ts', '../contract/src/i18n/en-US/index.ts'];
const FAMILY_TEXTS = /contract\/src\/families\/[^/]+\/i18n\.ts$/;
const HOME = ['src/app/frame/main-frame.tsx', 'src/pages/man/manmain/home-page.tsx'];
// Strings found in the minified libraries only: echarts' inner keys, Leaflet's map class.
const SIGNATURES = { echarts: '__ec_inner_', leaflet: 'leaflet-container' };

type Manifest = Record<string, unknown>;
let manifest: Manifest;

function text(files: string[]): string {
  return files.map((file) => fs.readFileSync(path.join(webDist, file), 'utf8')).join('\n');
}

beforeAll(() => {
  if (isStale(WEB_BUILT, WEB_SOURCES)) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@sc/web', '--silent'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      stdio: 'inherit',
      // vitest sets NODE_ENV=test, which would build React's development code
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('building the console failed');
  }
  manifest = readManifest();
}, 180_000);

describe('first load', () => {
  it('the login page loads at most 300 KB of compressed JavaScript and CSS, in either language', () => {
    for (const language of LANGUAGES) {
      const files: string[] = screenFiles(manifest, [...LOGIN, language]);
      const { gzip, brotli } = sizes(files);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      expect(brotli, `${language}: brotli ${kb(brotli)} over ${files.length} files`).toBeLessThanOrEqual(BUDGET_BYTES);
      // gzip is what a client without brotli gets: kept within a fifth more.
      expect(gzip, `${language}: gzip ${kb(gzip)}`).toBeLessThanOrEqual(BUDGET_BYTES * 1.2);
    }
  });

  it("the login page loads one language's texts and no family's", () => {
    const files = new Set(screenFiles(manifest, LOGIN));
    const entries = Object.entries(manifest) as [string, { file: string; isDynamicEntry?: boolean }][];
    const families = entries.filter(([key]) => FAMILY_TEXTS.test(key));
    expect(families.length).toBeGreaterThan(10);
    for (const [key, chunk] of [...families, ...entries.filter(([key]) => LANGUAGES.includes(key))]) {
      expect(chunk.isDynamicEntry, key).toBe(true);
      expect(files.has(chunk.file), key).toBe(false);
    }
  });

  it('the login page does not load the main frame', () => {
    const frame = (manifest['src/app/frame/main-frame.tsx'] as { file: string }).file;
    expect(screenFiles(manifest, LOGIN)).not.toContain(frame);
  });

  it('charts and maps load only with the screens that draw them', () => {
    for (const screen of [LOGIN, HOME]) {
      const code = text(screenFiles(manifest, screen));
      expect(code.includes(SIGNATURES.echarts), `echarts with ${screen.join(', ')}`).toBe(false);
      expect(code.includes(SIGNATURES.leaflet), `leaflet with ${screen.join(', ')}`).toBe(false);
    }
    const map = text(screenFiles(manifest, ['src/pages/map/bizindex/map-page.tsx']));
    expect(map.includes(SIGNATURES.leaflet)).toBe(true);
    const chart = text(screenFiles(manifest, ['src/components/device/echart.tsx']));
    expect(chart.includes(SIGNATURES.echarts)).toBe(true);
  });
});
