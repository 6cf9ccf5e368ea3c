import { describe, expect, it } from 'vitest';
import { bodyOf, clampBox, moveLayer, newDraft, newLayer, problemsOf } from './program-model';
import { countdownAt, digitalClock, effectStyle, handsAt, layerPhase, scrollOffset } from './program-play';

const screen = { width: 192, height: 96 };

describe('the program editor’s rules', () => {
  it('keeps a dragged or resized layer inside the screen, in whole pixels', () => {
    expect(clampBox({ left: 180.4, top: -3, width: 40, height: 20.6 }, screen)).toEqual({
      left: 152,
      top: 0,
      width: 40,
      height: 21,
    });
    expect(clampBox({ left: 0, top: 0, width: 500, height: 0 }, screen)).toEqual({
      left: 0,
      top: 0,
      width: 192,
      height: 1,
    });
  });

  it('orders layers (the last on top)', () => {
    expect(moveLayer(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveLayer(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('says every rule of the contract on the draft, by path', () => {
    const draft = newDraft(new Date('2026-05-01T08:00:00'));
    expect([...problemsOf(draft).keys()]).toEqual(expect.arrayContaining(['name', 'no', 'layers']));
    const text = newLayer('text', screen, 'singleLine');
    const countdown = newLayer('text', screen, 'countdown');
    const image = newLayer('image', screen);
    const p = problemsOf({
      ...draft,
      name: '公告',
      no: 'P1',
      filter: 'week',
      startTime: '22:00',
      endTime: '06:00',
      layers: [text, countdown, image],
    });
    expect(Object.fromEntries(p)).toMatchObject({
      'layers.0.text.content': 'led.programRules.textRequired',
      'layers.1.text.deadline': 'led.programRules.deadlineRequired',
      'layers.2.resources': 'led.programRules.resourceRequired',
      weekdays: 'led.programRules.weekdays',
      endTime: 'led.programRules.timeRange',
    });
    const html = { ...newLayer('html', screen), resources: [3] };
    expect(
      problemsOf({
        ...draft,
        name: '公告',
        no: 'P1',
        layers: [html, { ...text, text: { ...text.text!, content: 'a' } }],
      }).get('layers'),
    ).toBe('led.programRules.soleLayer|{"type":"html"}');
    const ok = { ...draft, name: '公告', no: 'P1', layers: [{ ...text, text: { ...text.text!, content: '欢迎' } }] };
    expect(problemsOf(ok).size).toBe(0);
    expect(bodyOf(ok).layers[0]).not.toHaveProperty('key');
  });

  it('plays clocks, countdowns, scrolling and effects as the screen does', () => {
    const at = Date.parse('2026-05-01T00:30:15Z');
    expect(digitalClock(at, 8)).toBe('08:30:15');
    expect(handsAt(at, 8)).toEqual({ hour: 255, minute: 181.5, second: 90 });
    expect(countdownAt(at, '2026-05-02T01:31:16Z')).toEqual({ days: 1, time: '01:01:01' });
    expect(countdownAt(at, '2026-04-01T00:00:00Z')).toEqual({ days: 0, time: '00:00:00' });
    expect(scrollOffset(1000, 2, 100, 50)).toBe(20);
    expect(scrollOffset(10_000, 2, 100, 50)).toBe(50);
    expect(effectStyle('fade', 0.5)).toEqual({ opacity: 0.5 });
    expect(effectStyle('moveLeft', 0)).toEqual({ transform: 'translateX(100%)' });
    const layer = { entryEffect: 'zoom', entryMs: 1000, exitEffect: 'fade', exitMs: 1000 } as const;
    expect(layerPhase(layer, 500, 10_000)).toEqual({ transform: 'scale(0.5)' });
    expect(layerPhase(layer, 5000, 10_000)).toEqual({});
    expect(layerPhase(layer, 9750, 10_000)).toEqual({ opacity: 0.25 });
  });
});
