import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The platform's tables, and every family's by file pattern.
  schema: ['./src/db/schema/index.ts', './src/iot/families/**/*.tables.ts'],
  out: './src/db/migrations',
});
