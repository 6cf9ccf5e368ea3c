import type { LedEffect } from '@sc/contract/families/led';
import type { CSSProperties } from 'react';

/**
 * How a screen plays a program, frame by frame: the text of clocks and countdowns at a moment, the
 * scrolling of a single line, and the entry and exit effects (spec 001 §3). The console's preview draws
 * with these; they take the moment, so a test can ask for any.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall clock of a time zone (hours from UTC) at `now`: hours, minutes, seconds. */
export function clockAt(now: number, timeZone: number) {
  const d = new Date(now + timeZone * 3_600_000);
  return { h: d.getUTCHours(), m: d.getUTCMinutes(), s: d.getUTCSeconds() };
}

/** A digital clock's text: HH:mm:ss. */
export const digitalClock = (now: number, timeZone: number) => {
  const { h, m, s } = clockAt(now, timeZone);
  return `${pad(h)}:${pad(m)}:${pad(s)}`;
};

/** What is left until `deadline`: days and HH:mm:ss (zero once passed). */
export function countdownAt(now: number, deadline: string | undefined) {
  const left = Math.max(0, Math.floor(((deadline ? Date.parse(deadline) : now) - now) / 1000));
  const days = Math.floor(left / 86_400);
  const rest = left % 86_400;
  return { days, time: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}` };
}

/** The hands of an analog clock, degrees from 12 o'clock. */
export function handsAt(now: number, timeZone: number) {
  const { h, m, s } = clockAt(now, timeZone);
  return { hour: ((h % 12) + m / 60) * 30, minute: (m + s / 60) * 6, second: s * 6 };
}

/**
 * How far a single line has scrolled (pixels to the left) after `elapsedMs` at `speed` (pixels per
 * 100 ms), looping once the text of `textWidth` has left a layer of `width`.
 */
export function scrollOffset(elapsedMs: number, speed: number, width: number, textWidth: number) {
  if (speed <= 0) return 0;
  const loop = width + textWidth;
  return ((elapsedMs / 100) * speed) % loop;
}

/** The style of a layer `progress` (0 → 1) into its entry effect; exit plays it backwards. */
export function effectStyle(effect: LedEffect, progress: number): CSSProperties {
  const p = Math.min(1, Math.max(0, progress));
  const away = `${(1 - p) * 100}%`;
  switch (effect) {
    case 'fade':
      return { opacity: p };
    case 'moveLeft':
      return { transform: `translateX(${away})` };
    case 'moveRight':
      return { transform: `translateX(-${away})` };
    case 'moveUp':
      return { transform: `translateY(${away})` };
    case 'moveDown':
      return { transform: `translateY(-${away})` };
    case 'zoom':
      return { transform: `scale(${p})` };
    case 'zoomTopLeft':
      return { transform: `scale(${p})`, transformOrigin: 'top left' };
    case 'zoomTopRight':
      return { transform: `scale(${p})`, transformOrigin: 'top right' };
    case 'zoomBottomLeft':
      return { transform: `scale(${p})`, transformOrigin: 'bottom left' };
    case 'zoomBottomRight':
      return { transform: `scale(${p})`, transformOrigin: 'bottom right' };
    case 'rotate':
      return { transform: `rotate(${(1 - p) * 360}deg) scale(${p})` };
    default:
      return {};
  }
}

/** A layer's style at `elapsedMs` into a program of `durationMs`: entering, shown, or leaving. */
export function layerPhase(
  layer: { entryEffect: LedEffect; entryMs: number; exitEffect: LedEffect; exitMs: number },
  elapsedMs: number,
  durationMs: number,
): CSSProperties {
  const at = elapsedMs % durationMs;
  if (layer.entryEffect !== 'none' && layer.entryMs > 0 && at < layer.entryMs)
    return effectStyle(layer.entryEffect, at / layer.entryMs);
  const leaving = durationMs - at;
  if (layer.exitEffect !== 'none' && layer.exitMs > 0 && leaving < layer.exitMs)
    return effectStyle(layer.exitEffect, leaving / layer.exitMs);
  return {};
}
