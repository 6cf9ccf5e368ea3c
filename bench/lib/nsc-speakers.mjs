// A worker thread running simulated network speakers (bench/lib/sim-devices.mjs with the simulator's nsc
// family, the code of the simulated speakers), so that their work does not delay the benchmark's own
// timings (the operator's frames are sent from the main thread). workerData: { url, secret, rate,
// equipmentIds }. Each speaker answers commands, pulls a live broadcast over HTTP when told, and sends
// `rate` readings a minute. Answers 'frames' with what the speakers heard of live broadcasts ({ delays:
// Float64Array of every frame's capture-to-arrival ms, speakers: { [equipmentId]: { frames, first, last,
// gaps } } }) and starts afresh.
import { workerData } from 'node:worker_threads';
import { runDevices, serve } from './sim-devices.mjs';

const { liveProbe } = await import('../../packages/simulator/src/families/nsc.ts');

let delays = [];
let heard = new Map();
liveProbe.heard = (device, seq, delayMs) => {
  delays.push(delayMs);
  const s = heard.get(device.equipmentId) ?? { frames: 0, first: seq, last: seq - 1, gaps: 0 };
  s.frames++;
  if (seq > s.last + 1) s.gaps += seq - s.last - 1;
  s.last = Math.max(s.last, seq);
  heard.set(device.equipmentId, s);
};

const run = await runDevices({ ...workerData, type: 'nsc' });
serve(run, {
  frames: () => {
    const value = { delays: Float64Array.from(delays), speakers: Object.fromEntries(heard) };
    delays = [];
    heard = new Map();
    return { value, transfer: [value.delays.buffer] };
  },
});
