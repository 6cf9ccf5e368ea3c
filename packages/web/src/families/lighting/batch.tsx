import { BulbFilled, BulbOutlined, PoweroffOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { BatchCommand } from '@sc/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, InputNumber, Popover, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import {
  type BatchDeviceResult,
  BatchProgress,
  type BatchProgressState,
  useBatchProgress,
} from '../../components/device';
import { type BatchRequest, type BatchStarted, type BatchStatus, lightingApi } from './api';

const outcomeOf = (ok: boolean | null): BatchDeviceResult['outcome'] =>
  ok === null ? 'pending' : ok ? 'acknowledged' : 'failed';

/** The batch's status answer as progress (never behind what pushes already said). */
function progressOf(status: BatchStatus, current: BatchProgressState | null): Partial<BatchProgressState> | null {
  if (current && !status.done && status.acknowledged + status.failed < current.acknowledged + current.failed)
    return null;
  const { total, acknowledged, failed, pending, done, state } = status;
  return { total, acknowledged, failed, pending, done, state };
}

/**
 * A batch (or group, area, policy) command's progress: `run` sends it and follows it on the realtime
 * channel; the per-lamp results come from the batch's status (at the start and once done).
 */
export function useLampBatch(projectId: number) {
  const batch = useBatchProgress(projectId);
  const l = lightingApi(projectId);
  const id = batch.progress?.batchId;
  const done = batch.progress?.done ?? false;
  const status = useQuery({
    queryKey: ['lighting', projectId, 'batch', id, done],
    queryFn: () => l.batchStatus(id!),
    enabled: Boolean(id),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: settles on each new status answer
  useEffect(() => {
    const s = status.data;
    if (!s || s.batchId !== id) return;
    batch.settle(
      progressOf(s, batch.progress),
      s.results.map((r) => ({ deviceId: r.deviceId, name: r.name, outcome: outcomeOf(r.ok), reason: r.error })),
    );
  }, [status.data]);
  const run = useMutation({
    mutationFn: (send: () => Promise<BatchStarted>) => send(),
    onSuccess: (started) =>
      batch.start({
        batchId: started.batchId,
        command: started.command,
        total: started.total,
        acknowledged: 0,
        failed: 0,
        pending: started.total,
        done: started.total === 0,
      }),
  });
  return { ...batch, run: (send: () => Promise<BatchStarted>) => run.mutateAsync(send), sending: run.isPending };
}

/** The running (or last) batch's progress card, with the command in the operator's words. */
export function LampBatchProgress({ batch }: { batch: ReturnType<typeof useLampBatch> }) {
  const { t } = useTranslation();
  if (!batch.progress) return null;
  return (
    <BatchProgress
      progress={batch.progress}
      results={batch.results}
      commandLabel={t(`lighting.commands.${batch.progress.command}`, { defaultValue: batch.progress.command })}
    />
  );
}

const POWER: { command: BatchCommand; icon: React.ReactNode }[] = [
  { command: 'poweron', icon: <BulbFilled /> },
  { command: 'poweroff', icon: <PoweroffOutlined /> },
];

/**
 * Power commands to many lamps: on, off (asks first, naming how many), dim to a level, eco. `count` is
 * how many lamps it goes to (unknown for groups: the question then names the target).
 */
export function PowerCommands({
  send,
  count,
  target,
  disabled,
  loading,
}: {
  send: (request: BatchRequest) => unknown;
  count?: number;
  /** What the commands go to, for the question (e.g. a group's name). */
  target?: string;
  disabled?: boolean;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const { confirm } = useFeedback();
  const [level, setLevel] = useState<number | null>(50);
  const [open, setOpen] = useState(false);
  const what = target ?? t('lamps.batch.lamps', { count: count ?? 0 });
  return (
    <Space wrap>
      {POWER.map(({ command, icon }) => (
        <Button
          key={command}
          icon={icon}
          danger={command === 'poweroff'}
          disabled={disabled}
          loading={loading}
          data-testid={`batch-${command}`}
          onClick={() =>
            confirm({
              title: t(`lighting.commands.${command}`),
              content: t(`lamps.batch.confirm.${command}`, { what }),
              okText: t('common.ok'),
              cancelText: t('common.cancel'),
              okButtonProps: { danger: command === 'poweroff' },
              onOk: () => send({ command }),
            })
          }
        >
          {t(`lighting.commands.${command}`)}
        </Button>
      ))}
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        title={t('lamps.batch.dimTitle', { what })}
        content={
          <Space>
            <InputNumber
              min={0}
              max={100}
              value={level}
              onChange={setLevel}
              suffix="%"
              aria-label={t('lamps.batch.level')}
              data-testid="batch-dim-level"
            />
            <Button
              type="primary"
              disabled={level === null}
              data-testid="batch-dim-send"
              onClick={() => {
                setOpen(false);
                send({ command: 'dim', args: { level } });
              }}
            >
              {t('lighting.commands.dim')}
            </Button>
          </Space>
        }
      >
        <Button icon={<BulbOutlined />} disabled={disabled} data-testid="batch-dim">
          {t('lighting.commands.dim')}
        </Button>
      </Popover>
      <Button
        icon={<ThunderboltOutlined />}
        disabled={disabled}
        data-testid="batch-eco"
        onClick={() => send({ command: 'eco', args: {} })}
      >
        {t('lighting.commands.eco')}
      </Button>
    </Space>
  );
}
