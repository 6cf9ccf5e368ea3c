import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { resyncQuery } from '../../api/realtime-resync';
import { type BatchDeviceResult, useBatchProgress } from './batch-progress';

/** What a batch call answers (the contract kit's batchStarted). */
interface Started {
  batchId: string;
  command: string;
  total: number;
}
/** What a batch's status call answers (the contract kit's batchStatus), as far as the progress reads it. */
interface Status extends Started {
  acknowledged: number;
  failed: number;
  pending: number;
  done: boolean;
  state: 'running' | 'done' | 'interrupted';
  results: { deviceId: number; name: string; ok: boolean | null; error: string | null }[];
}

/**
 * A family's batch (the contract kit's batchCalls) followed to its end: `run` sends it, its counts come
 * from the realtime `batch` pushes, and each device's outcome from the batch's status call, read when it
 * starts and again once done. `devices` names the devices it went to (shown pending until they answer).
 */
export function useFollowedBatch(projectId: number, family: string, statusOf: (batchId: string) => Promise<Status>) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const statusKey = useRef<QueryKey>([]);
  // A push missed while the channel reconnected (the last one, saying done) is read from the status.
  const batch = useBatchProgress(projectId, (reopened) => resyncQuery(client, statusKey.current, reopened));
  const batchId = batch.progress?.batchId;
  const finished = batch.progress?.done ?? false;
  statusKey.current = [family, projectId, 'batch', batchId, finished];
  const status = useQuery({
    queryKey: statusKey.current,
    queryFn: () => statusOf(batchId!),
    enabled: batchId !== undefined,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: settles on each new status answer only
  useEffect(() => {
    const answer = status.data;
    if (answer?.batchId !== batchId || !answer) return;
    const seen = (batch.progress?.acknowledged ?? 0) + (batch.progress?.failed ?? 0);
    // Never behind what the pushes already said.
    const behind = !answer.done && answer.acknowledged + answer.failed < seen;
    batch.settle(
      behind ? null : answer,
      answer.results.map((r) => ({
        deviceId: r.deviceId,
        name: r.name,
        outcome: r.ok === null ? 'pending' : r.ok ? 'acknowledged' : 'failed',
        // The server's codes in words (offline, timeout); a device's own error as it said it.
        reason: r.error && t(`widgets.batch.reasons.${r.error}`, { defaultValue: r.error }),
      })),
    );
  }, [status.data]);
  const send = useMutation({
    mutationFn: ({ call }: { call: () => Promise<Started>; devices: BatchDeviceResult[] }) => call(),
    onSuccess: ({ batchId: id, command, total }, { devices }) =>
      batch.start(
        { batchId: id, command, total, acknowledged: 0, failed: 0, pending: total, done: total === 0 },
        devices,
      ),
  });
  /** Sends the batch and follows it; rejects when the server refused it (the caller says why). */
  const runOrFail = (call: () => Promise<Started>, devices: BatchDeviceResult[] = []) =>
    send.mutateAsync({ call, devices });
  return {
    ...batch,
    sending: send.isPending,
    runOrFail,
    run: (call: () => Promise<Started>, devices: BatchDeviceResult[] = []) =>
      runOrFail(call, devices).catch(() => undefined),
  };
}
export type FollowedBatch = ReturnType<typeof useFollowedBatch>;
