/** A table to create partitioned by range of a time column. */
export interface RangePartitioned {
  name: string;
  column: string;
}

const BREAK = '--> statement-breakpoint\n';

/**
 * What drizzle-kit cannot write: a generated migration's `CREATE TABLE` of a time-partitioned table
 * becomes `PARTITION BY RANGE (column)`, and a default partition follows at the end (rows outside the
 * partitions the job creates ahead still land). Tables the migration does not create, or creates
 * partitioned already, are left as they are, so running it twice changes nothing.
 */
export function partitionDdl(sql: string, tables: readonly RangePartitioned[]): string {
  let out = sql;
  const defaults: string[] = [];
  for (const table of tables) {
    const start = out.indexOf(`CREATE TABLE "${table.name}" (\n`);
    if (start < 0) continue;
    const close = /\n\)( PARTITION BY [^;]*)?;/.exec(out.slice(start));
    if (!close) throw new Error(`The CREATE TABLE of ${table.name} has no end`);
    if (!close[1]) {
      const end = start + close.index;
      out = `${out.slice(0, end)}\n) PARTITION BY RANGE ("${table.column}");${out.slice(end + 3)}`;
    }
    const partition = `CREATE TABLE "${table.name}_default" PARTITION OF "${table.name}" DEFAULT;`;
    if (!out.includes(partition)) defaults.push(partition);
  }
  if (defaults.length === 0) return out;
  return `${out.replace(/\n$/, '')}${defaults.map((d) => BREAK + d).join('')}\n`;
}
