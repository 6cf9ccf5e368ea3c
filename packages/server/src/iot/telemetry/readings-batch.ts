import { hourOf } from './partitions.js';

/** Where a batch's rows hold the device, its project and the reading time. */
export interface ReadingsColumns {
  device: number;
  project: number;
  at: number;
}

/** What the writer works out of a batch of readings before its statement (see `insertWithRollups`). */
export interface ReadingsPlan {
  /** The hours (UTC, sorted) the readings fall in; null when a time is not one the writer can read. */
  hours: Date[] | null;
  /**
   * The rows that may move their device's latest-values row: each device's newest, when it is in a
   * later hour (or another project) than the row this writer last wrote for the device. Null: every row (times it cannot read), left to the statement.
   */
  latest: number[] | null;
  /** Records what the statement wrote: call once it has committed. */
  written(): void;
}

const timeOf = (t: unknown) => (t instanceof Date ? t.getTime() : typeof t === 'string' ? Date.parse(t) : Number.NaN);

/**
 * The writer's memory of the latest-values rows it wrote, per readings table: each device's hour and
 * project. A device's `readings_latest` row moves once an hour (iot/telemetry/latest.ts
 * `latestWrites`), so at one reading every 5 minutes eleven readings in twelve are not even given to
 * the statement: it would look each up to leave it as it is, which cost as much as storing it.
 * Forgetting is always safe (the statement decides again); remembering is too: another instance's
 * writes only make a row newer, and a row removed meanwhile (its readings expired, days ago) is older
 * than any new reading's hour.
 */
export function createLatestMemory() {
  const tables = new Map<string, Map<number, { hour: number; project: number }>>();
  return {
    plan(table: string, rows: readonly unknown[][], at: ReadingsColumns): ReadingsPlan {
      const memory = tables.get(table) ?? new Map<number, { hour: number; project: number }>();
      tables.set(table, memory);
      const times = rows.map((row) => timeOf(row[at.at]));
      if (times.some((t) => Number.isNaN(t))) return { hours: null, latest: null, written: () => {} };
      const hours = new Set<number>();
      const newest = new Map<number, number>();
      rows.forEach((row, i) => {
        hours.add(hourOf(times[i]!));
        const device = row[at.device] as number;
        const j = newest.get(device);
        if (j === undefined || times[i]! >= times[j]!) newest.set(device, i);
      });
      // A device's newest reading decides: a later hour, or another project, than the row last written.
      const latest = [...newest.entries()]
        .filter(([device, i]) => {
          const last = memory.get(device);
          return !last || hourOf(times[i]!) > last.hour || rows[i]![at.project] !== last.project;
        })
        .map(([, i]) => i);
      return {
        hours: [...hours].sort((a, b) => a - b).map((h) => new Date(h)),
        latest,
        written() {
          for (const i of latest)
            memory.set(rows[i]![at.device] as number, {
              hour: hourOf(times[i]!),
              project: rows[i]![at.project] as number,
            });
        },
      };
    },
  };
}
