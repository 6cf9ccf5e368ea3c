import { type LedLayer, ledLayer } from '@sc/contract/families/led';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceApi } from './api';
import { EnvLayer } from './env-readings';
import type { Draft } from './program-model';
import { countdownAt, digitalClock, handsAt, layerPhase, scrollOffset } from './program-play';

/** The clock every preview runs on (ticks every 100 ms while shown). */
function useNow(running: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

function AnalogClock({ now, layer }: { now: number; layer: LedLayer }) {
  const { t } = useTranslation();
  const hands = handsAt(now, layer.text?.timeZone ?? 8);
  const colour = layer.text?.color ?? '#ff0000';
  const hand = (deg: number, length: number, width: number) => (
    <line
      x1="50"
      y1="50"
      x2="50"
      y2={50 - length}
      stroke={colour}
      strokeWidth={width}
      transform={`rotate(${deg} 50 50)`}
    />
  );
  return (
    <svg
      viewBox="0 0 100 100"
      width="100%"
      height="100%"
      data-testid="preview-analog"
      role="img"
      aria-label={t('led.textSubtypes.analogClock')}
    >
      <circle cx="50" cy="50" r="46" fill="none" stroke={colour} strokeWidth="3" />
      {hand(hands.hour, 24, 5)}
      {hand(hands.minute, 36, 3)}
      {hand(hands.second, 40, 1)}
    </svg>
  );
}

/** A text layer at `now`: its text, clock or countdown, scrolled when it moves. */
function TextLayer({ layer, now, elapsed, scale }: { layer: LedLayer; now: number; elapsed: number; scale: number }) {
  const { t } = useTranslation();
  const text = layer.text!;
  if (text.subtype === 'analogClock') return <AnalogClock now={now} layer={layer} />;
  const left = countdownAt(now, text.deadline);
  const shown =
    text.subtype === 'digitalClock'
      ? digitalClock(now, text.timeZone)
      : text.subtype === 'countdown'
        ? t('led.editor.countdownText', { label: text.content, days: left.days, time: left.time })
        : text.content;
  const single = text.subtype !== 'multiLine';
  const textWidth = shown.length * text.fontSize * 0.6;
  const offset = single ? scrollOffset(elapsed, text.speed, layer.width, textWidth) : 0;
  return (
    <div
      data-testid="preview-text"
      data-subtype={text.subtype}
      style={{
        fontFamily: text.font,
        fontSize: text.fontSize * scale,
        lineHeight: `${text.lineHeight}%`,
        color: text.color,
        textAlign: text.align,
        whiteSpace: single ? 'nowrap' : 'pre-wrap',
        overflow: 'hidden',
        width: '100%',
        height: '100%',
        transform: offset ? `translateX(${(layer.width - offset) * scale}px)` : undefined,
      }}
    >
      {shown}
    </div>
  );
}

/**
 * The program played in the browser as the screen plays it: each layer where it sits, scaled to
 * `scale`, with its effects, clocks, countdown and scrolling text, and its env layers' monitor's readings
 * as they come, looping over the program's duration.
 */
export function ProgramPreview({
  projectId,
  draft,
  scale,
  running = true,
}: {
  projectId: number;
  draft: Draft;
  scale: number;
  running?: boolean;
}) {
  const { t } = useTranslation();
  const now = useNow(running);
  const [start] = useState(() => Date.now());
  const elapsed = now - start;
  const width = Number(draft.width) || 1;
  const height = Number(draft.height) || 1;
  const durationMs = Math.max(1, Number(draft.durationSeconds) || 1) * 1000;
  const files = resourceApi(projectId);
  return (
    <div
      data-testid="program-preview"
      style={{
        position: 'relative',
        width: width * scale,
        height: height * scale,
        background: '#000',
        overflow: 'hidden',
      }}
    >
      {draft.layers.map((raw) => {
        const parsed = ledLayer.safeParse(raw);
        if (!parsed.success) return null;
        const layer = parsed.data;
        const first = layer.resources[0];
        return (
          <div
            key={raw.key}
            style={{
              position: 'absolute',
              left: layer.left * scale,
              top: layer.top * scale,
              width: layer.width * scale,
              height: layer.height * scale,
              overflow: 'hidden',
              background: layer.text?.background,
              ...layerPhase(layer, elapsed, durationMs),
            }}
          >
            {layer.type === 'text' && layer.text && (
              <TextLayer layer={layer} now={now} elapsed={elapsed} scale={scale} />
            )}
            {layer.type === 'image' && first && (
              <img
                src={files.file.href({ resourceId: first })}
                alt=""
                style={{ width: '100%', height: '100%', objectFit: 'fill' }}
              />
            )}
            {layer.type === 'video' && first && (
              <video
                src={files.file.href({ resourceId: first })}
                autoPlay
                muted
                loop
                style={{ width: '100%', height: '100%' }}
              />
            )}
            {layer.type === 'html' && first && (
              <iframe
                title={t('led.layerTypes.html')}
                sandbox=""
                src={files.file.href({ resourceId: first })}
                style={{ border: 0, width: '100%', height: '100%' }}
              />
            )}
            {layer.type === 'env' && <EnvLayer projectId={projectId} deviceId={layer.envDeviceId} scale={scale} />}
            {layer.type === 'flash' && (
              <div style={{ color: '#fff', fontSize: 12, padding: 4 }}>{t(`led.layerTypes.${layer.type}`)}</div>
            )}
          </div>
        );
      })}
    </div>
  );
}
