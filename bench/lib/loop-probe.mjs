// Loaded into a benchmark's server (`node --import bench/lib/loop-probe.mjs`, through SERVER_NODE_ARGS):
// the event-loop delay of the built server as it runs, measured inside it (perf_hooks
// monitorEventLoopDelay, 10 ms resolution) without changing the server. On SIGUSR2 the figures since
// the last signal are written to LOOP_PROBE_FILE as JSON and the histogram is reset.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
  // Turns that held the loop over 100 ms, counted by a 10 ms timer's lateness. On a loaded machine the
  // thread may also wait for a core: the main thread's own CPU time over the same gap (Linux, 10 ms
  // ticks) tells a turn that computed for 100 ms from one that waited.
  const statFile = `/proc/self/task/${process.pid}/stat`;
  const tick = 1000 / 100;
  const cpu = () => {
    try {
      const f = fs.readFileSync(statFile, 'utf8').split(') ')[1].split(' ');
      return (Number(f[11]) + Number(f[12])) * tick;
    } catch {
      return 0;
    }
  };
  let over100 = 0;
  let over100Cpu = 0;
  let maxTurnCpu = 0;
  let last = performance.now();
  let lastCpu = cpu();
  setInterval(() => {
    const now = performance.now();
    const used = cpu();
    if (now - last - 10 > 100) {
      over100++;
      // The timer's own 10 ms of waiting is no work; a tick's rounding is.
      const turnCpu = used - lastCpu;
      if (turnCpu > maxTurnCpu) maxTurnCpu = turnCpu;
      if (turnCpu > 100) over100Cpu++;
    }
    last = now;
    lastCpu = used;
  }, 10).unref();
  let seq = 0;
  process.on('SIGUSR2', () => {
    const out = {
      seq: ++seq,
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
      over100,
      over100Cpu,
      maxTurnCpu,
    };
    over100 = 0;
    over100Cpu = 0;
    maxTurnCpu = 0;
    delay.reset();
    fs.writeFileSync(file, JSON.stringify(out));
  });
}

/** The bench side: asks the probe of process `pid` for its figures (waits for the answer). */
export async function readLoop(pid, file) {
  let before = 0;
  try {
    before = JSON.parse(fs.readFileSync(file, 'utf8')).seq;
  } catch {}
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 200; i++) {
    await new Promise((r) => setTimeout(r, 25));
    try {
      const got = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (got.seq > before) return got;
    } catch {}
  }
  throw new Error('the loop probe did not answer');
}
