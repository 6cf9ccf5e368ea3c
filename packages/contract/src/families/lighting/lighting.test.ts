import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/translate.js';
import { decodeMessage } from '../../validation/message.js';
import { issueKeys } from '../kit/testing.js';
import { LIGHTING_EVENT_CODES, LIGHTING_EVENTS } from './events.js';
import {
  insidePolygon,
  LIGHTING_ALARM_DEFAULT,
  LIGHTING_CONFIG_DEFAULT,
  lightingAlarmConfigBody,
  lightingBatchBody,
  lightingConfigBody,
  lightingPolicyBody,
} from './schemas.js';

const messages = issueKeys;

describe('lighting contract', () => {
  it('lists the event codes in the spec order, each labelled in both languages', () => {
    expect(LIGHTING_EVENT_CODES.slice(0, 16)).toEqual([
      '14',
      '15',
      '16',
      '17',
      '18',
      '19',
      '20',
      '21',
      '22',
      '23',
      '28',
      '36',
      '37',
      '51',
      '52',
      '99',
    ]);
    expect(LIGHTING_EVENT_CODES.slice(16)).toEqual(Array.from({ length: 15 }, (_, i) => String(1001 + i)));
    for (const { code } of LIGHTING_EVENTS) {
      const zh = translate('zh_CN', `lighting.eventCodes.${code}`);
      const en = translate('en_US', `lighting.eventCodes.${code}`);
      expect(zh).not.toBe(`lighting.eventCodes.${code}`);
      expect(en).not.toBe(`lighting.eventCodes.${code}`);
    }
    expect(translate('en_US', 'lighting.eventCodes.19')).toBe('Lamp fault');
  });

  it('checks the config ranges and cross-field rules of spec 001 §5', () => {
    expect(lightingConfigBody.safeParse(LIGHTING_CONFIG_DEFAULT).success).toBe(true);
    const bad = lightingConfigBody.safeParse({
      ...LIGHTING_CONFIG_DEFAULT,
      underCurrent: 3000,
      overCurrent: 2000,
      minCurrent: 1000,
      maxCurrent: 1000,
      illuminanceLower: 8,
      illuminanceUpper: 8,
    });
    expect(messages(bad)).toEqual([
      'underCurrent:lighting.rules.underBelowOverCurrent',
      'minCurrent:lighting.rules.minBelowMaxCurrent',
      'illuminanceLower:lighting.rules.lowerBelowUpperIlluminance',
    ]);
    expect(messages(lightingConfigBody.safeParse({ ...LIGHTING_CONFIG_DEFAULT, defaultLevel: 101 }))).toEqual([
      'defaultLevel:validation.range',
    ]);
    expect(messages(lightingConfigBody.safeParse({ ...LIGHTING_CONFIG_DEFAULT, illuminanceUpper: 13 }))).toEqual([
      'illuminanceUpper:validation.range',
    ]);
    // Form-encoded numbers are accepted.
    expect(lightingConfigBody.safeParse({ ...LIGHTING_CONFIG_DEFAULT, defaultLevel: '40' }).success).toBe(true);
  });

  it('checks the alarm ranges of spec 001 §5', () => {
    expect(lightingAlarmConfigBody.safeParse(LIGHTING_ALARM_DEFAULT).success).toBe(true);
    const cases: [string, number][] = [
      ['overCurrent', 999],
      ['overCurrent', 2501],
      ['underCurrent', 1001],
      ['overVoltage', 251],
      ['underVoltage', 179],
      ['leakage', 1001],
      ['temperature', 49],
      ['tilt', 46],
    ];
    for (const [key, value] of cases)
      expect(messages(lightingAlarmConfigBody.safeParse({ ...LIGHTING_ALARM_DEFAULT, [key]: value }))).toEqual([
        `${key}:validation.range`,
      ]);
    expect(
      messages(lightingAlarmConfigBody.safeParse({ ...LIGHTING_ALARM_DEFAULT, overVoltage: 220, underVoltage: 220 })),
    ).toEqual(['underVoltage:lighting.rules.underBelowOverVoltage']);
  });

  it('checks policies: at least one unit, at most the setting, channels, cycle details and dates', () => {
    const base = {
      name: 'Night',
      no: 'P01',
      units: [{ type: 'on', start: { kind: 'sunset', offset: 10 } }],
      cycle: { mode: 'everyday' },
    };
    const ok = lightingPolicyBody(5).parse(base);
    expect(ok.units[0]).toEqual({ type: 'on', level: 100, start: { kind: 'sunset', offset: 10 } });
    expect(ok.range).toBe('all');
    expect(messages(lightingPolicyBody(5).safeParse({ ...base, units: [] }))).toEqual([
      'units:schedule.rules.unitsMin',
    ]);
    const three = { ...base, units: [base.units[0], base.units[0], base.units[0]] };
    const over = lightingPolicyBody(2).safeParse(three);
    expect(messages(over)).toEqual(['units:schedule.rules.unitsMax']);
    expect(decodeMessage(over.error!.issues[0]!.message).params).toEqual({ count: 2 });
    expect(messages(lightingPolicyBody(5).safeParse({ ...base, channelControl: true }))).toEqual([
      'channels:lighting.rules.noChannel',
    ]);
    expect(messages(lightingPolicyBody(5).safeParse({ ...base, cycle: { mode: 'week' } }))).toEqual([
      'cycle.weekdays:schedule.rules.cycle.weekdays',
    ]);
    expect(
      messages(
        lightingPolicyBody(5).safeParse({ ...base, cycle: { mode: 'everyday', from: '2026-05-01', to: '2026-04-01' } }),
      ),
    ).toEqual(['cycle.to:schedule.rules.effectiveDates']);
    expect(
      messages(
        lightingPolicyBody(5).safeParse({ ...base, units: [{ type: 'on', start: { kind: 'clock', time: '25:00' } }] }),
      ),
    ).toEqual(['units.0.start.time:schedule.rules.clockTime']);
    expect(translate('en_US', 'lighting.rules.noChannel')).toBe('No channel selected');
    expect(translate('en_US', 'lighting.errors.noPolicy')).toBe('No matching policy found, re-issue');
  });

  it('checks batch bodies with the command arguments', () => {
    expect(messages(lightingBatchBody.safeParse({ command: 'dim', args: { level: 120 }, lampIds: [1] }))).toEqual([
      'args.level:validation.range',
    ]);
    expect(messages(lightingBatchBody.safeParse({ command: 'poweron' }))).toEqual(['lampIds:lighting.rules.noLamps']);
    expect(lightingBatchBody.parse({ command: 'poweroff', lampIds: '1,2' }).lampIds).toEqual([1, 2]);
  });

  it('tells whether a point is inside a drawn area', () => {
    const square: [number, number][] = [
      [116, 39],
      [117, 39],
      [117, 40],
      [116, 40],
    ];
    expect(insidePolygon(116.5, 39.5, square)).toBe(true);
    expect(insidePolygon(117.5, 39.5, square)).toBe(false);
  });
});
