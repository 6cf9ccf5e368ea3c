import { ECE_CALL, eceManifest } from '@sc/contract/families/ece';
import type { FamilySim, SimDevice, SimEvent } from './types.js';

/** How long a call rings unanswered before the caller gives up (hangs up), ms. */
export const RING_MS = 120_000;
/** The chance that a post's button is pressed between two of its reports (a busy street: a few a day). */
export const PRESS_CHANCE = 0.002;

/** What a post keeps: its call (since when it rings or talks), and a hang-up to report. */
interface PostState {
  callingSince: number | null;
  answered: boolean;
  /** Hung up, not reported yet: the next report says CALL restore. */
  hungUp: boolean;
  calls: number;
}

export const postOf = (device: SimDevice): PostState => {
  device.state.post ??= { callingSince: null, answered: false, hungUp: false, calls: 0 } satisfies PostState;
  return device.state.post as PostState;
};

/** Someone presses the post's call button: CALL occur (an alarm), unless a call is going on. */
export function pressButton(device: SimDevice, now: number): SimEvent | null {
  const post = postOf(device);
  if (post.callingSince !== null) return null;
  post.callingSince = now;
  post.answered = false;
  post.calls++;
  return { code: ECE_CALL, type: 'occur', level: 'alarm', detail: { channel: 1 } };
}

/** The caller hangs up (or the operator ends the call): CALL restore. */
export function hangUp(device: SimDevice): SimEvent | null {
  const post = postOf(device);
  if (post.callingSince === null) return null;
  post.callingSince = null;
  post.answered = false;
  post.hungUp = false;
  return { code: ECE_CALL, type: 'restore', level: 'alarm' };
}

/**
 * Emergency call posts (docs/device-protocol.md "Emergency call posts"): now and then a passer-by presses
 * the call button (CALL occur); an unanswered call rings for two minutes, then the caller gives up (CALL
 * restore), as does a call the operator ended.
 */
export const emergencycallequipment: FamilySim = {
  type: eceManifest.type,
  firmware: 'ECE-2.3.0',
  init: (device) => void postOf(device),
  events(device, _values, at) {
    const post = postOf(device);
    const now = at.getTime();
    if (post.hungUp || (post.callingSince !== null && !post.answered && now - post.callingSince > RING_MS)) {
      const restore = hangUp(device);
      return restore ? [restore] : [];
    }
    if (post.callingSince === null && Math.random() < PRESS_CHANCE) {
      const press = pressButton(device, now);
      return press ? [press] : [];
    }
    return [];
  },
};
