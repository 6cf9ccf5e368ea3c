import { openPglite } from './client.js';
import { buildTemplate, TEMPLATE_DIR, templateIsCurrent } from './pgdata-template.js';

/**
 * Run by scripts/build-server.mjs after the bundle: makes the template data directory a new PGlite
 * data directory starts from (pgdata-template.ts) when it is missing or its migrations are not today's.
 */
if (!templateIsCurrent()) {
  const started = Date.now();
  await buildTemplate((dataDir) => openPglite(dataDir, { thread: 'main', template: null }));
  console.log(`Made the template data directory in ${((Date.now() - started) / 1000).toFixed(1)} s (${TEMPLATE_DIR})`);
}
