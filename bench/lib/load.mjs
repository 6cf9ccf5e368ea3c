// A small closed-loop load generator: `concurrency` workers issue requests back to back for
// `seconds`, over keep-alive connections; answers requests/s and latency percentiles in ms.
import http from 'node:http';

export async function load({ url, concurrency, seconds, paths }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  // Parsed once: the generator shares the machine's cores with the server it measures.
  const { hostname, port } = new URL(url);
  const latencies = [];
  let errors = 0;
  let i = 0;
  const until = Date.now() + seconds * 1000;
  const one = (path) =>
    new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const req = http.get({ hostname, port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) errors++;
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  const worker = async () => {
    while (Date.now() < until) await one(paths[i++ % paths.length]);
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : null;
  const round = (v) => (v === null ? null : Math.round(v * 100) / 100);
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / elapsed),
    p50: round(pct(50)),
    p99: round(pct(99)),
    errors,
  };
}
