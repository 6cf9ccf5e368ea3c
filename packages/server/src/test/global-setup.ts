import type { TestProject } from 'vitest/node';
import { ensureTemplate } from './template-database.js';

/**
 * The server suites' global setup (vitest.config.ts): makes the migrated template the test files'
 * databases are copied from (template-database.ts) once, before the test files start, when it is
 * missing; otherwise the first files would each make it at the same time.
 */
export default async function setup(project: TestProject): Promise<void> {
  const env = project.config.env as Record<string, string | undefined>;
  const started = Date.now();
  const made = await ensureTemplate(env.TEST_DB, process.env.TEST_DATABASE_URL);
  if (made)
    console.log(`Made the migrated template database (${made}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
