import {
  CaretRightOutlined,
  PauseCircleOutlined,
  PauseOutlined,
  PlayCircleOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import { NSC_VOD_API, NSC_VOD_LIMITS, type NscVod, type NscVodRun } from '@sc/contract/families/nsc';
import { useQueryClient } from '@tanstack/react-query';
import { Button, InputNumber, Popover, Slider, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientOf } from '../../../api/endpoints';
import { useFeedback } from '../../../app/feedback';

type Playback = 'playVod' | 'pauseVod' | 'resumeVod' | 'stopVod';

/** The on-demand calls of a project. */
export const vodApi = (projectId: number) => clientOf(NSC_VOD_API, { projectId });

/** Reads every list of on-demand tasks again (the queue and the task list). */
export const useVodRefresh = (projectId: number) => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: vodApi(projectId).vods.key({}) }),
      client.invalidateQueries({ queryKey: ['crud'] }),
    ]);
};

/**
 * An on-demand task's playback buttons by its state (spec 001 §4 "play, pause, continue, stop"), its
 * volume, and the answer in words: spec 001 §8 "start success" or "error while executing" with the
 * speakers it did not reach.
 */
export function VodActions({ row, projectId }: { row: NscVod; projectId: number }) {
  const { t } = useTranslation();
  const { message, confirm } = useFeedback();
  const refresh = useVodRefresh(projectId);
  const api = vodApi(projectId);
  const [busy, setBusy] = useState<Playback | 'volume' | null>(null);

  /** What a playback call did: every speaker reached, or which were not. */
  const tell = (run: NscVodRun, done: string) => {
    const missed = run.speakers.filter((s) => s.outcome !== 'sent');
    const count = run.speakers.length;
    if (missed.length === 0) message.success(done);
    else
      message.warning(
        `${t('nsc.aod.error')}: ${t('nsc.vod.missed', {
          count: missed.length,
          names: missed
            .slice(0, 5)
            .map((s) => s.name)
            .join(', '),
        })} (${t('nsc.vod.outcome', { sent: count - missed.length, count })})`,
      );
  };
  const run = async (call: Playback, done: string) => {
    setBusy(call);
    try {
      const answer = await api[call]({ vodId: row.id });
      if (call === 'playVod' && !answer.speakers.some((s) => s.outcome === 'sent'))
        message.error(`${t('nsc.aod.error')}: ${t('nsc.vodRules.noneReached')}`);
      else tell(answer, done);
    } catch {
      // The client showed the server's reason.
    } finally {
      setBusy(null);
      void refresh();
    }
  };
  const stop = () =>
    confirm({
      title: t('nsc.vod.confirmStop', { name: row.name }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => run('stopVod', t('nsc.vod.stopped', { name: row.name })),
    });
  const playable = row.state === 'ready' || row.state === 'finished';
  return (
    <Space size={0} wrap>
      {playable && (
        <Button
          size="small"
          type="link"
          icon={<PlayCircleOutlined />}
          loading={busy === 'playVod'}
          onClick={() => run('playVod', `${row.name} ${t('nsc.aod.started')}`)}
          data-testid={`nsc-vod-play-${row.id}`}
        >
          {t('nsc.vod.play')}
        </Button>
      )}
      {row.state === 'playing' && (
        <Button
          size="small"
          type="link"
          icon={<PauseOutlined />}
          loading={busy === 'pauseVod'}
          onClick={() => run('pauseVod', t('nsc.vod.paused', { name: row.name }))}
          data-testid={`nsc-vod-pause-${row.id}`}
        >
          {t('nsc.vod.pause')}
        </Button>
      )}
      {row.state === 'paused' && (
        <Button
          size="small"
          type="link"
          icon={<CaretRightOutlined />}
          loading={busy === 'resumeVod'}
          onClick={() => run('resumeVod', t('nsc.vod.resumed', { name: row.name }))}
          data-testid={`nsc-vod-resume-${row.id}`}
        >
          {t('nsc.vod.resume')}
        </Button>
      )}
      {(row.state === 'playing' || row.state === 'paused') && (
        <>
          <VodVolume row={row} projectId={projectId} />
          <Button
            size="small"
            type="link"
            danger
            icon={<PauseCircleOutlined />}
            loading={busy === 'stopVod'}
            onClick={stop}
            data-testid={`nsc-vod-stop-${row.id}`}
          >
            {t('nsc.vod.stop')}
          </Button>
        </>
      )}
    </Space>
  );
}

/** The volume of a task while it plays or is paused: sent to its speakers on "OK". */
function VodVolume({ row, projectId }: { row: NscVod; projectId: number }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const refresh = useVodRefresh(projectId);
  const [open, setOpen] = useState(false);
  const [volume, setVolume] = useState(row.volume);
  const [busy, setBusy] = useState(false);
  const { min, max } = NSC_VOD_LIMITS.volume;
  const send = async () => {
    setBusy(true);
    try {
      await vodApi(projectId).vodVolume({ vodId: row.id, body: { volume } });
      message.success(t('nsc.vod.volumeSet', { name: row.name, volume }));
      setOpen(false);
    } catch {
      // The client showed the server's reason.
    } finally {
      setBusy(false);
      void refresh();
    }
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setVolume(row.volume);
      }}
      trigger="click"
      title={t('nsc.volumeTitle', { name: row.name })}
      content={
        <Space orientation="vertical" style={{ width: 220 }}>
          <Slider ariaLabelForHandle={t('nsc.vod.volume')} min={min} max={max} value={volume} onChange={setVolume} />
          <Space>
            <InputNumber
              aria-label={t('nsc.vod.volume')}
              min={min}
              max={max}
              value={volume}
              onChange={(v) => setVolume(v ?? 0)}
            />
            <Button type="primary" size="small" loading={busy} onClick={send} data-testid="nsc-vod-volume-send">
              {t('common.ok')}
            </Button>
          </Space>
        </Space>
      }
    >
      <Button size="small" type="link" icon={<SoundOutlined />} data-testid={`nsc-vod-volume-${row.id}`}>
        {t('nsc.vod.volume')}
      </Button>
    </Popover>
  );
}
