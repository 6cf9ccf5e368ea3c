import { FAMILY_MANIFESTS, peerOf } from '@sc/contract';
import { ledManifest } from '@sc/contract/families/led';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clientOf } from '../../api/endpoints';
import { useRealtime } from '../../api/realtime';
import { useResync } from '../../api/realtime-resync';

/** The device type an env layer reads (the manifest's peer), its readings and its calls. */
const ENV_MONITOR = peerOf(ledManifest, 'envMonitor');
const PEER = FAMILY_MANIFESTS.find((m) => m.type === ENV_MONITOR)!;
const ENV_READINGS = PEER.readings;
type Keyed<A extends unknown[], T> = ((...args: A) => Promise<T>) & { key: (...args: A) => readonly unknown[] };
/** What an env layer uses of the monitors' calls: a device's readings, newest first, and the project's monitors. */
interface PeerCalls {
  readings: Keyed<[{ id: number; query: { page: number; pageSize: number } }], { list: Record<string, unknown>[] }>;
  family: Keyed<[{ n: number; query: Record<string, never> }], { device: { id: number; name: string } }[]>;
}
const peerCalls = (projectId: number) => clientOf(PEER.api, { projectId }) as unknown as PeerCalls;

/** A monitor's latest readings: each reading present, with the time they were picked. */
export interface EnvSnapshot {
  at: string;
  values: Record<string, number>;
}

const snapshotOf = (values: Record<string, unknown>, at: string): EnvSnapshot => ({
  at,
  values: Object.fromEntries(
    ENV_READINGS.flatMap((r) => {
      const v = values[r.key];
      return typeof v === 'number' && Number.isFinite(v) ? [[r.key, v]] : [];
    }),
  ),
});

/**
 * The bound environment monitor's latest readings, followed live: its newest stored row first, then
 * each of its reports as the realtime channel pushes it. Null while none is known (or none bound).
 */
export function useEnvReadings(projectId: number, deviceId: number | null | undefined) {
  const client = useQueryClient();
  const env = peerCalls(projectId);
  const key = [...env.readings.key({ id: deviceId ?? 0, query: { page: 1, pageSize: 25 } }), 'led-layer'];
  const latest = useQuery({
    queryKey: key,
    queryFn: async (): Promise<EnvSnapshot | null> => {
      const page = await env.readings({ id: deviceId!, query: { page: 1, pageSize: 25 } });
      const row = page.list[0];
      return row ? snapshotOf(row, String(row.at)) : null;
    },
    enabled: Boolean(deviceId),
    retry: false,
  });
  const resync = useResync();
  useRealtime(
    { devices: deviceId ? [deviceId] : [] },
    (push) => {
      if (push.kind !== 'telemetry' || push.deviceId !== deviceId || push.type !== ENV_MONITOR) return;
      client.setQueryData(key, snapshotOf(push.values, push.at));
    },
    { onLive: resync(key) },
  );
  return latest.data ?? null;
}

/** The project's environment monitors (the env layer's choice), by name, once `enabled`. */
export function useEnvMonitors(projectId: number, enabled: boolean) {
  const env = peerCalls(projectId);
  const monitors = useQuery({
    queryKey: [...env.family.key({ n: 1, query: {} }), 'led-layer'],
    queryFn: () => env.family({ n: 1, query: {} }),
    enabled,
  });
  return {
    isLoading: monitors.isLoading,
    options: (monitors.data ?? [])
      .map((m) => ({ value: m.device.id, label: m.device.name }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  };
}

/** A reading in words: its label, value and unit (`温度 21.5 °C`). */
export function useEnvLines(snapshot: EnvSnapshot | null) {
  const { t } = useTranslation();
  if (!snapshot) return [];
  return ENV_READINGS.filter((r) => snapshot.values[r.key] !== undefined).map((r) => ({
    key: r.key,
    text: `${t(`envmonitors.readings.${r.key}`)} ${snapshot.values[r.key]} ${r.unit}`,
  }));
}

/**
 * An env layer as the screen shows it: the bound monitor's readings, live; "no data yet" before any,
 * "no monitor" when none is bound.
 */
export function EnvLayer({
  projectId,
  deviceId,
  scale,
}: {
  projectId: number;
  deviceId: number | null;
  scale: number;
}) {
  const { t } = useTranslation();
  const snapshot = useEnvReadings(projectId, deviceId);
  const lines = useEnvLines(snapshot);
  const empty = !deviceId ? t('led.env.noMonitor') : t('led.env.noReading');
  return (
    <div
      data-testid="preview-env"
      data-at={snapshot?.at ?? ''}
      style={{
        color: '#35f07a',
        fontSize: Math.max(10, 14 * scale),
        lineHeight: 1.25,
        padding: 2 * scale,
        overflow: 'hidden',
        width: '100%',
        height: '100%',
      }}
    >
      {lines.length ? lines.map((l) => <div key={l.key}>{l.text}</div>) : <div>{empty}</div>}
    </div>
  );
}
