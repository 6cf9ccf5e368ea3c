const HOUR = 3_600_000;

/** A recorded file as a simulated device lists it. */
interface RecordedFile {
  start: string;
  end: string;
  type: string;
}

/**
 * The files a simulated device keeps that overlap [from, to), of `type` when given, finished by `now`
 * and younger than `keptDays`, oldest first (`tie` orders files starting together), at most `limit`
 * (`truncated` when it holds more). `hourly` lists the files starting in an hour; the hour before
 * `from` is read too, its clips running into the period.
 */
export function keptRecords<F extends RecordedFile>(
  hourly: (hour: number) => Iterable<F>,
  query: { from: number; to: number; type?: string; limit: number; keptDays: number },
  now: number,
  tie: (a: F, b: F) => number = () => 0,
): { files: F[]; truncated: boolean } {
  const kept = now - query.keptDays * 24 * HOUR;
  const from = Math.max(query.from, kept);
  const to = Math.min(query.to, now);
  const found: F[] = [];
  for (let hour = Math.floor(from / HOUR) * HOUR - HOUR; hour < to; hour += HOUR)
    for (const f of hourly(hour)) {
      const start = Date.parse(f.start);
      const end = Date.parse(f.end);
      if (end <= from || start >= to || end > now || start < kept) continue;
      if (query.type && f.type !== query.type) continue;
      found.push(f);
    }
  found.sort((a, b) => a.start.localeCompare(b.start) || tie(a, b));
  return { files: found.slice(0, query.limit), truncated: found.length > query.limit };
}
