import { type ReadingColumn, readingsTables } from '../../telemetry/tables.js';

/**
 * A family's readings table `name` with its hourly and daily rollups (`readingsTables`): the columns are
 * its manifest's readings, kept as long as its readings retention setting says. Its folder's
 * `<slug>.tables.ts` exports the three tables (drizzle-kit finds them there).
 */
export const familyReadingsTables = <K extends string>(
  name: string,
  manifest: { readings: readonly (ReadingColumn & { key: K })[]; retention: { readings?: string } },
) => readingsTables(name, manifest.readings, manifest.retention.readings!);
