import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Every setting the process takes from its environment; README's configuration table lists them. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  pgPoolMax: number;
  mqttUrl: string | null;
  mqttUsername: string | undefined;
  mqttPassword: string | undefined;
  /** With an external broker, uplinks are a shared subscription so several instances split them. */
  mqttShared: boolean;
  /**
   * With an external broker: this instance's MQTT client id, the same across its restarts, so that the
   * broker keeps what it has not acknowledged while it is down (docs/operations.md). Default: host
   * name and HTTP port.
   */
  mqttClientId: string | undefined;
  mqttSessionExpiry: number;
  /**
   * With an external broker: seconds without any device message, after this instance has had some,
   * after which /api/health reports its uplink silent (503): a broker that lost its subscription.
   */
  mqttUplinkSilence: number;
  /**
   * Seconds an instance holds a batch it runs before it must renew; when an instance dies, another
   * takes its batches over (or closes them) once their lease has run out.
   */
  batchLeaseSeconds: number;
  /** Port of the embedded broker; 0 picks a free one; -1 disables it. */
  mqttPort: number;
  /** Largest MQTT packet the embedded broker accepts (bytes); a larger one closes the connection. */
  mqttMaxPacket: number;
  /** MQTT over TLS on the embedded broker: on when a certificate and its key are given (file paths). */
  mqttTls: { port: number; cert: string; key: string; ca?: string } | null;
  adminPassword: string | null;
  logLevel: string;
  identifyCode: boolean;
  production: boolean;
  webDist: string;
  mapTileUrl: string;
  mapTileAttribution: string;
  trustProxy: boolean;
  /**
   * How the other instances reach this one (INSTANCE_URL, e.g. `http://10.0.0.11:8080`): what only it
   * holds (a live stream, a call) is fetched from it there. Default: its own IPv4 and port.
   */
  instanceUrl: string | null;
  /** Origins besides the console's own whose pages may open the realtime WebSocket (behind a proxy). */
  allowedOrigins: string[];
  /** The project summary's answers kept a while (on) or computed at every call (off: benchmarks). */
  summaryCache: boolean;
}

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** MQTT_TLS_CERT and MQTT_TLS_KEY (both or neither), MQTT_TLS_PORT, MQTT_TLS_CA: files must exist. */
function mqttTls(env: NodeJS.ProcessEnv): Config['mqttTls'] {
  const cert = env.MQTT_TLS_CERT || '';
  const key = env.MQTT_TLS_KEY || '';
  const ca = env.MQTT_TLS_CA || '';
  if (!cert && !key) {
    if (ca) throw new ConfigError('MQTT_TLS_CA needs MQTT_TLS_CERT and MQTT_TLS_KEY');
    return null;
  }
  if (!cert || !key) throw new ConfigError('MQTT_TLS_CERT and MQTT_TLS_KEY go together');
  for (const [name, file] of [
    ['MQTT_TLS_CERT', cert],
    ['MQTT_TLS_KEY', key],
    ['MQTT_TLS_CA', ca],
  ] as const)
    if (file && !fs.existsSync(file)) throw new ConfigError(`${name}: no such file "${file}"`);
  return { port: int(env, 'MQTT_TLS_PORT', 8883, 0, 65535), cert, key, ...(ca ? { ca } : {}) };
}

/** ALLOWED_ORIGINS: comma-separated origins such as `https://console.example.com`. */
function origins(raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const origin of list) {
    let url: URL | null = null;
    try {
      url = new URL(origin);
    } catch {}
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== origin.replace(/\/$/, '')) {
      throw new ConfigError(`ALLOWED_ORIGINS must list origins such as https://console.example.com, got "${origin}"`);
    }
  }
  return list;
}

/** INSTANCE_URL: an http(s) origin without a path, or nothing. */
function instanceUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== raw.replace(/\/$/, '')) {
    throw new ConfigError(`INSTANCE_URL must be an address such as http://10.0.0.11:8080, got "${raw}"`);
  }
  return url.origin;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const identifyCode = (env.LOGIN_IDENTIFY_CODE ?? 'on').toLowerCase() !== 'off';
  if (!identifyCode && production) {
    throw new ConfigError('LOGIN_IDENTIFY_CODE=off is for automated tests and is refused when NODE_ENV=production');
  }
  const adminPassword = env.ADMIN_PASSWORD || null;
  if (adminPassword && (adminPassword.length < 3 || adminPassword.length > 16)) {
    throw new ConfigError('ADMIN_PASSWORD must be 3-16 characters (the sign-in rule of the specification)');
  }
  const port = int(env, 'PORT', 8080, 0, 65535);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    pgPoolMax: int(env, 'PG_POOL_MAX', 10, 1, 500),
    mqttUrl: env.MQTT_URL || null,
    mqttUsername: env.MQTT_USERNAME || undefined,
    mqttPassword: env.MQTT_PASSWORD || undefined,
    mqttShared: (env.MQTT_SHARED ?? 'true').toLowerCase() !== 'false',
    mqttClientId: env.MQTT_CLIENT_ID || (port ? `sc-server-${os.hostname()}-${port}` : undefined),
    mqttSessionExpiry: int(env, 'MQTT_SESSION_EXPIRY', 600, 0, 4_294_967_295),
    mqttUplinkSilence: int(env, 'MQTT_UPLINK_SILENCE', 120, 1, 86_400),
    batchLeaseSeconds: int(env, 'BATCH_LEASE_S', 30, 2, 600),
    mqttPort: int(env, 'MQTT_PORT', 1883, -1, 65535),
    mqttMaxPacket: int(env, 'MQTT_MAX_PACKET', 262_144, 1024, 268_435_455),
    mqttTls: mqttTls(env),
    adminPassword,
    logLevel: env.LOG_LEVEL || 'info',
    identifyCode,
    production,
    webDist: path.resolve(env.WEB_DIST || path.join(repoRoot, 'packages/web/dist')),
    mapTileUrl: env.MAP_TILE_URL ?? '',
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION ?? '',
    trustProxy: (env.TRUST_PROXY ?? '').toLowerCase() === 'true',
    instanceUrl: instanceUrl(env.INSTANCE_URL),
    allowedOrigins: origins(env.ALLOWED_ORIGINS),
    summaryCache: (env.SUMMARY_CACHE ?? 'on').toLowerCase() !== 'off',
  };
}
