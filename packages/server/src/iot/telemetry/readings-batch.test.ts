import { describe, expect, it } from 'vitest';
import { createLatestMemory } from './readings-batch.js';

const at = { device: 0, project: 1, at: 2 };
const row = (device: number, project: number, time: string) => [device, project, new Date(time)];

describe("the writer's memory of latest-values rows", () => {
  it('gives the statement each new device once, its newest reading, and the hours of the batch', () => {
    const memory = createLatestMemory();
    const rows = [
      row(1, 7, '2026-06-01T10:05:00Z'),
      row(1, 7, '2026-06-01T10:55:00Z'),
      row(1, 7, '2026-06-01T10:15:00Z'),
      row(2, 7, '2026-06-01T11:00:00Z'),
    ];
    const plan = memory.plan('t', rows, at);
    expect(plan.latest).toEqual([1, 3]);
    expect(plan.hours?.map((h) => h.toISOString())).toEqual(['2026-06-01T10:00:00.000Z', '2026-06-01T11:00:00.000Z']);
    plan.written();
    // Later readings of the same hours and projects are not given again; a new hour or project is.
    const next = memory.plan(
      't',
      [row(1, 7, '2026-06-01T10:59:00Z'), row(2, 7, '2026-06-01T11:05:00Z'), row(1, 8, '2026-06-01T10:59:30Z')],
      at,
    );
    expect(next.latest).toEqual([2]);
    expect(memory.plan('t', [row(2, 7, '2026-06-01T12:00:00Z')], at).latest).toEqual([0]);
    // Each readings table its own memory.
    expect(memory.plan('other', [row(1, 7, '2026-06-01T10:59:00Z')], at).latest).toEqual([0]);
  });

  it("decides by each device's newest reading: moved to another project and back within a batch, nothing", () => {
    const memory = createLatestMemory();
    memory.plan('t', [row(1, 7, '2026-06-01T10:05:00Z')], at).written();
    const rows = [row(1, 8, '2026-06-01T10:10:00Z'), row(1, 7, '2026-06-01T10:15:00Z')];
    expect(memory.plan('t', rows, at).latest).toEqual([]);
  });

  it('remembers nothing of a statement that did not commit', () => {
    const memory = createLatestMemory();
    memory.plan('t', [row(1, 7, '2026-06-01T10:05:00Z')], at);
    expect(memory.plan('t', [row(1, 7, '2026-06-01T10:06:00Z')], at).latest).toEqual([0]);
  });

  it('leaves every row to the statement when a time is not one it can read', () => {
    const plan = createLatestMemory().plan('t', [[1, 7, 'not a time']], at);
    expect(plan).toMatchObject({ hours: null, latest: null });
  });
});
