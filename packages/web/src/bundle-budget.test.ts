import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript helpers shared with the benchmark and `npm start`
import { readManifest, screenFiles, sizes, webDist } from '../../../scripts/lib/bundle.mjs';
// @ts-expect-error plain JavaScript helpers shared with `npm start`
import { isStale, WEB_BUILT, WEB_SOURCES } from '../../../scripts/lib/freshness.mjs';
import { i18n as lighting } from '../../contract/src/families/lighting/i18n';

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
// The build gathers the login page and the frame (with the catalogue and the families' texts) into a
// chunk each (vite.config.ts): their manifest entries are named by the group, not by the source file.
const LOGIN = ['login'];
const LANGUAGES = ['../contract/src/i18n/zh-CN/index.ts', '../contract/src/i18n/en-US/index.ts'];
const HOME = ['frame', 'src/pages/man/manmain/home-page.tsx'];
// Strings found in the minified libraries only: echarts' inner keys, Leaflet's map class.
const SIGNATURES = { echarts: '__ec_inner_', leaflet: 'leaflet-container' };

type Manifest = Record<string, unknown>;
let manifest: Manifest;

/** A screen's files: a source path's chunk, or a group's chunk by its name. */
function files(screens: string[]): string[] {
  const byName = (name: string) => {
    const key = Object.entries(manifest).find(([, chunk]) => (chunk as { name?: string }).name === name)?.[0];
    if (!key) throw new Error(`no chunk named ${name} in the build's manifest`);
    return key;
  };
  return screenFiles(
    manifest,
    screens.map((screen) => (screen.includes('/') ? screen : byName(screen))),
  );
}

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
      const login = files([...LOGIN, language]);
      const { gzip, brotli } = sizes(login);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      expect(brotli, `${language}: brotli ${kb(brotli)} over ${login.length} files`).toBeLessThanOrEqual(BUDGET_BYTES);
      // gzip is what a client without brotli gets: kept within a fifth more.
      expect(gzip, `${language}: gzip ${kb(gzip)}`).toBeLessThanOrEqual(BUDGET_BYTES * 1.2);
    }
  });

  it("the login page loads one language's texts and no family's", () => {
    const login = files(LOGIN);
    for (const key of LANGUAGES) {
      const chunk = manifest[key] as { file: string; isDynamicEntry?: boolean };
      expect(chunk.isDynamicEntry, key).toBe(true);
      expect(login, key).not.toContain(chunk.file);
    }
    // A family's screen text in both languages: with the frame, not with the login page.
    const code = text(login);
    const frame = text(files(['frame']));
    for (const sample of [lighting.zh_CN.lamps.faults.titleOf, lighting.en_US.lamps.faults.titleOf]) {
      expect(frame.includes(sample), sample).toBe(true);
      expect(code.includes(sample), sample).toBe(false);
    }
  });

  it('the login page does not load the main frame', () => {
    const [frame] = files(['frame']).filter((file) => !files(LOGIN).includes(file));
    expect(frame).toBeDefined();
    expect(text(files(LOGIN)).includes('frame-sider')).toBe(false);
    expect(text(files(['frame'])).includes('frame-sider')).toBe(true);
  });

  it('charts and maps load only with the screens that draw them', () => {
    for (const screen of [LOGIN, HOME]) {
      const code = text(files(screen));
      expect(code.includes(SIGNATURES.echarts), `echarts with ${screen.join(', ')}`).toBe(false);
      expect(code.includes(SIGNATURES.leaflet), `leaflet with ${screen.join(', ')}`).toBe(false);
    }
    const map = text(files(['src/pages/map/bizindex/map-page.tsx']));
    expect(map.includes(SIGNATURES.leaflet)).toBe(true);
    const chart = text(files(['src/components/device/echart.tsx']));
    expect(chart.includes(SIGNATURES.echarts)).toBe(true);
  });
});
