import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * Test files that run isolated, as the project `web-mocks`: those replacing a module with `vi.mock` (a
 * module is evaluated once per worker when files share it, so such a mock could miss the file that asks
 * for it or reach the next one), and the wizard's map, whose starting view depended on the files before it.
 */
export const MOCKING_FILES = [
  'src/pages/biz/deviceedit/device-wizard-around.test.tsx',
  'src/pages/pjt/pjtprojectsummarylayout/layout-list-page.test.tsx',
  'src/pages/pjt/pjtprojectsummary/summary-page.test.tsx',
  'src/families/whm/whm-pages.test.tsx',
  'src/families/envmonitor/env-history-page.test.tsx',
  'src/families/lighting/summary-faults.test.tsx',
  'src/families/led/led-programs.test.tsx',
  'src/families/nsc/control-center/control-center.test.tsx',
];

const shared = {
  plugins: [react()],
  test: {
    root: import.meta.dirname,
    environment: 'jsdom' as const,
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 60_000,
    // The raw-text guard after each screen test switches the language twice: on a loaded machine that
    // outlasts vitest's 10 s default for a hook.
    hookTimeout: 60_000,
  },
};

/**
 * The rest share their worker's modules and window (no isolation): importing antd and the console's
 * graph again for every file was most of the suite's time (43% less CPU without it).
 */
export const webProject = defineProject({
  ...shared,
  test: { ...shared.test, name: 'web', include: ['src/**/*.test.{ts,tsx}'], exclude: MOCKING_FILES, isolate: false },
});

export const webMocksProject = defineProject({
  ...shared,
  test: { ...shared.test, name: 'web-mocks', include: MOCKING_FILES },
});

export default webProject;
