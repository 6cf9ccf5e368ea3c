import { CheckCircleOutlined, CloseCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import type { RealtimePush } from '@sc/contract';
import { Card, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LiveListener, useRealtime } from '../../api/realtime';
import './batch-progress.css';

/**
 * The progress of a batch or group command, as the server pushes it on the realtime channel
 * (`{ kind: 'batch', batchId, projectId, command, total, acknowledged, failed, pending, done, at }`).
 */
export interface BatchProgressState {
  batchId: string;
  command: string;
  total: number;
  acknowledged: number;
  failed: number;
  pending: number;
  done: boolean;
  /** `interrupted`: the server stopped while running it (the pending devices stay pending). */
  state?: 'running' | 'done' | 'interrupted';
  at?: string;
}

/** One device's outcome in a batch: acknowledged, failed (with the reason) or still pending. */
export interface BatchDeviceResult {
  deviceId: number;
  name?: string;
  outcome: 'acknowledged' | 'failed' | 'pending';
  /** Why it failed (the server's words). */
  reason?: string | null;
}

type BatchPush = BatchProgressState & { kind: 'batch'; projectId: number };

/** A batch push (the contract's realtime union carries it). */
export function isBatchPush(push: RealtimePush | { kind: string }): push is BatchPush {
  return push.kind === 'batch';
}

/** Applies a push to the progress it belongs to: later pushes only move it forward. */
export function applyBatchPush(current: BatchProgressState | null, push: RealtimePush | { kind: string }) {
  if (!current || !isBatchPush(push) || push.batchId !== current.batchId) return current;
  if (current.done && !push.done) return current;
  const { batchId, command, total, acknowledged, failed, pending, done, state, at } = push;
  return { batchId, command, total, acknowledged, failed, pending, done, state, at };
}

/** Applies a command push of one device of the batch to the per-device results. */
export function applyCommandPush(
  results: BatchDeviceResult[],
  push: RealtimePush | { kind: string },
  command: string,
): BatchDeviceResult[] {
  if (push.kind !== 'command') return results;
  const p = push as Extract<RealtimePush, { kind: 'command' }>;
  if (p.command !== command) return results;
  let changed = false;
  const next = results.map((r) => {
    if (r.deviceId !== p.deviceId || r.outcome !== 'pending') return r;
    changed = true;
    return { ...r, outcome: p.ok ? ('acknowledged' as const) : ('failed' as const), reason: p.error ?? null };
  });
  return changed ? next : results;
}

/**
 * Follows a batch on the realtime channel: the counts from its batch pushes, and the devices' outcomes
 * from their command pushes. `start` begins following a batch (from the call's answer).
 */
export function useBatchProgress(projectId: number, onLive: LiveListener | null) {
  const [progress, setProgress] = useState<BatchProgressState | null>(null);
  const [results, setResults] = useState<BatchDeviceResult[]>([]);
  // The project's pushes: its batch pushes, and the command pushes of its devices.
  useRealtime(
    { projects: progress ? [projectId] : [] },
    (push) => {
      setProgress((p) => applyBatchPush(p, push));
      if (progress) setResults((r) => applyCommandPush(r, push, progress.command));
    },
    { onLive },
  );
  return {
    progress,
    results,
    /** Follows a batch; `results` are the devices it went to (outcomes known so far, the rest pending). */
    start: (state: BatchProgressState, devicesOfBatch: BatchDeviceResult[] = []) => {
      setProgress(state);
      setResults(devicesOfBatch);
    },
    /** The final answer of the call, when it gives the per-device outcomes. */
    settle: (state: Partial<BatchProgressState> | null, outcomes?: BatchDeviceResult[]) => {
      if (state) setProgress((p) => (p ? { ...p, ...state } : p));
      if (outcomes)
        setResults((current) => {
          const byId = new Map(outcomes.map((o) => [o.deviceId, o]));
          const merged = current.map((r) => ({
            ...r,
            ...byId.get(r.deviceId),
            name: r.name ?? byId.get(r.deviceId)?.name,
          }));
          const known = new Set(current.map((r) => r.deviceId));
          return [...merged, ...outcomes.filter((o) => !known.has(o.deviceId))];
        });
    },
    clear: () => {
      setProgress(null);
      setResults([]);
    },
  };
}

const pct = (part: number, total: number) => (total > 0 ? (100 * part) / total : 0);

/** The three-part bar: acknowledged (green), failed (red), pending (grey). */
export function BatchBar({ progress }: { progress: BatchProgressState }) {
  const { t } = useTranslation();
  const { total, acknowledged, failed, pending } = progress;
  return (
    <div
      className="batch-bar"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={acknowledged + failed}
      aria-label={t('widgets.batch.progress')}
    >
      <span className="batch-bar-ack" style={{ width: `${pct(acknowledged, total)}%` }} />
      <span className="batch-bar-failed" style={{ width: `${pct(failed, total)}%` }} />
      <span className="batch-bar-pending" style={{ width: `${pct(pending, total)}%` }} />
    </div>
  );
}

const OUTCOME_TAG = {
  acknowledged: { color: 'green', icon: <CheckCircleOutlined /> },
  failed: { color: 'red', icon: <CloseCircleOutlined /> },
  pending: { color: 'default', icon: <LoadingOutlined /> },
} as const;

/**
 * A batch command's progress: the command, the acknowledged / failed / pending counts over a bar, and
 * each device's outcome (failed first).
 */
export function BatchProgress({
  progress,
  results = [],
  commandLabel,
  title,
}: {
  progress: BatchProgressState;
  results?: BatchDeviceResult[];
  /** The command's name in the operator's language. */
  commandLabel?: string;
  title?: string;
}) {
  const { t } = useTranslation();
  const order = { failed: 0, pending: 1, acknowledged: 2 } as const;
  const interrupted = progress.state === 'interrupted';
  const rows = [...results].sort((a, b) => order[a.outcome] - order[b.outcome]);
  const columns: TableColumnsType<BatchDeviceResult> = [
    {
      title: t('widgets.batch.device'),
      dataIndex: 'name',
      render: (v: string | undefined, r) => v ?? `#${r.deviceId}`,
    },
    {
      title: t('widgets.batch.outcome'),
      dataIndex: 'outcome',
      width: 130,
      render: (v: BatchDeviceResult['outcome']) => (
        <Tag color={OUTCOME_TAG[v].color} icon={OUTCOME_TAG[v].icon}>
          {t(`widgets.batch.${v}`)}
        </Tag>
      ),
    },
    { title: t('widgets.batch.reason'), dataIndex: 'reason', ellipsis: true, render: (v?: string | null) => v ?? '' },
  ];
  return (
    <Card
      size="small"
      title={title ?? t('widgets.batch.title', { command: commandLabel ?? progress.command })}
      data-testid="batch-progress"
      data-done={progress.done ? 'true' : 'false'}
      data-state={progress.state ?? (progress.done ? 'done' : 'running')}
      extra={
        interrupted ? (
          <Typography.Text type="warning" data-testid="batch-interrupted">
            {t('widgets.batch.interrupted')}
          </Typography.Text>
        ) : (
          <Typography.Text type={progress.done ? 'success' : 'secondary'}>
            {progress.done ? t('widgets.batch.done') : t('widgets.batch.running')}
          </Typography.Text>
        )
      }
    >
      <Flex vertical gap={8}>
        <Flex gap={16} wrap>
          <span data-testid="batch-total">{t('widgets.batch.total', { count: progress.total })}</span>
          <Typography.Text type="success" data-testid="batch-acknowledged">
            {t('widgets.batch.acknowledgedCount', { count: progress.acknowledged })}
          </Typography.Text>
          <Typography.Text type="danger" data-testid="batch-failed">
            {t('widgets.batch.failedCount', { count: progress.failed })}
          </Typography.Text>
          <Typography.Text type="secondary" data-testid="batch-pending">
            {t('widgets.batch.pendingCount', { count: progress.pending })}
          </Typography.Text>
        </Flex>
        <BatchBar progress={progress} />
        {rows.length > 0 && (
          <Table<BatchDeviceResult>
            data-testid="batch-results"
            rowKey="deviceId"
            size="small"
            columns={columns}
            dataSource={rows}
            pagination={{ pageSize: 10, hideOnSinglePage: true, size: 'small' }}
          />
        )}
      </Flex>
    </Card>
  );
}
