// Finds the Chromium the browser journeys drive, installing Debian's package when we may.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_INSTALL_HINT = 'apt-get update && apt-get install -y chromium fonts-wqy-microhei';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}

/** As root with apt (a fresh machine of this kind), installs Chromium and the CJK font; otherwise null. */
export function ensureChromium(log = console.log) {
  const found = findChromium();
  if (found) return found;
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) return null;
  log(`Chromium not found: installing it (${CHROMIUM_INSTALL_HINT})`);
  execFileSync('sh', ['-c', `${CHROMIUM_INSTALL_HINT} >/dev/null`], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return findChromium();
}
