import { BulbFilled, BulbOutlined, PoweroffOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { BatchCommand } from '@sc/contract';
import { Button, InputNumber, Popover, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { BatchProgress, useFollowedBatch } from '../../components/device';
import { type BatchRequest, type BatchStarted, lightingApi } from './api';

/**
 * A batch (or group, area, policy) command's progress: `run` sends it and follows it on the realtime
 * channel (the kit's useFollowedBatch), rejecting when the server refused it; the per-lamp results and
 * their reasons in words come from the batch's status.
 */
export function useLampBatch(projectId: number) {
  const l = lightingApi(projectId);
  const batch = useFollowedBatch(projectId, 'lighting', (id) => l.batchStatus(id));
  return { ...batch, run: (send: () => Promise<BatchStarted>) => batch.runOrFail(send) };
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
