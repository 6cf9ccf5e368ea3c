// What the benchmarks share: their command-line options, timings and percentiles, and a signed-in
// caller of the API that times each call.

/** The value after `--name` on the command line, else `fallback`. */
export const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

/** Milliseconds since `t` (a `performance.now()`), to a tenth. */
export const ms = (t) => Math.round((performance.now() - t) * 10) / 10;

/** The `p` percentile of `list` (nearest rank), null when empty. */
export const pct = (list, p) => {
  const s = [...list].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : null;
};

/**
 * Calls the API of `url` with `token` in English (JSON bodies): the answer and how long it took; a
 * refused call throws with its status and answer.
 */
export const timedApi = (url, token) => async (method, path, body) => {
  const t = performance.now();
  const res = await fetch(`${url}${path}${path.includes('?') ? '&' : '?'}token=${token}&lang=en_US`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return { json, ms: ms(t) };
};

/**
 * Prints the figures as one JSON line and keeps them in bench/results/<bench>-<date>[-<tag>].json; the
 * tag is the command line's `--tag` unless given, so every bench's runs of a day can be told apart.
 */
export async function writeResult(bench, figures, tag = arg('tag', '')) {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const line = JSON.stringify({ bench, at: new Date().toISOString(), ...figures });
  console.log(line);
  const dir = path.resolve(import.meta.dirname, '../results');
  fs.mkdirSync(dir, { recursive: true });
  const name = `${bench}-${new Date().toISOString().slice(0, 10)}${tag ? `-${tag}` : ''}.json`;
  fs.writeFileSync(path.join(dir, name), `${line}\n`);
}
