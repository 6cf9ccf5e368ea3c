import { describe, expect, it, vi } from 'vitest';
import { emergencycallequipment as ece, hangUp, postOf, pressButton, RING_MS } from './emergencycallequipment.js';
import { simDevice } from './test-fixtures.js';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const post = () => simDevice(ece.type, 'EQECE01', { family: ece });

describe('emergency call post simulator', () => {
  it('a press is a CALL alarm once until the call ends; hanging up restores it', () => {
    const device = post();
    expect(pressButton(device, NOW)).toEqual({ code: 'CALL', type: 'occur', level: 'alarm', detail: { channel: 1 } });
    expect(pressButton(device, NOW + 1000)).toBeNull();
    expect(hangUp(device)).toEqual({ code: 'CALL', type: 'restore', level: 'alarm' });
    expect(hangUp(device)).toBeNull();
    expect(pressButton(device, NOW + 2000)).not.toBeNull();
    expect(postOf(device).calls).toBe(2);
  });

  it('an unanswered call rings two minutes, then the caller gives up', () => {
    const device = post();
    pressButton(device, NOW);
    const quiet = vi.spyOn(Math, 'random').mockReturnValue(0.99);
    expect(ece.events!(device, null, new Date(NOW + RING_MS - 1000))).toEqual([]);
    expect(ece.events!(device, null, new Date(NOW + RING_MS + 1000))).toEqual([
      { code: 'CALL', type: 'restore', level: 'alarm' },
    ]);
    quiet.mockRestore();
  });

  it('now and then someone presses the button between reports', () => {
    const device = post();
    const pressed = vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(ece.events!(device, null, new Date(NOW))).toEqual([
      expect.objectContaining({ code: 'CALL', type: 'occur' }),
    ]);
    // Ringing: no second press.
    expect(ece.events!(device, null, new Date(NOW + 1000))).toEqual([]);
    pressed.mockRestore();
  });
});
