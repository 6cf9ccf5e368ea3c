import { describe, expect, it } from 'vitest';
import { I18N_RESOURCES, translate } from '../../i18n/translate.js';
import { sunTimes } from '../kit/schedule.js';
import { issueKeys } from '../kit/testing.js';
import { MTC_ALARM_EVENT, MTC_EVENTS } from './events.js';
import { mtcManifest } from './index.js';
import { mtcCircuitsAt, mtcDaySchedule, mtcYearSchedule } from './schedule.js';
import {
  checkFirmware,
  circuitsOfMask,
  fromMtcTime,
  MTC_ALARM_DEFAULT,
  MTC_ALARM_KINDS,
  MTC_ALARM_RANGES,
  MTC_FIRMWARE,
  type MtcPolicy,
  maskOfCircuits,
  mtcAlarmConfigBody,
  mtcAlarmsOf,
  mtcCommandArgs,
  mtcConfigBody,
  mtcPeripheralsBody,
  mtcPolicyBody,
  toMtcTime,
} from './schemas.js';

const messages = issueKeys;
const minutes = (clock: string | null) => {
  const [h, m] = clock!.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const BEIJING = { lng: 116.4, lat: 39.9 };

describe('MTC contract', () => {
  it('labels every event code, alarm, mode and command in both languages', () => {
    const keys = [
      ...MTC_EVENTS.map((e) => `mtc.eventCodes.${e.code}`),
      ...MTC_ALARM_KINDS.map((k) => `mtc.alarms.${k}`),
      'mtc.modes.manual',
      'mtc.modes.policy',
      ...mtcManifest.commands.map((c) => `mtc.commands.${c.name}`),
      ...Object.keys(MTC_ALARM_RANGES).map((k) => `mtc.alarmConfig.${k}`),
      ...mtcManifest.readings.map((r) => `mtc.readings.${r.key}`),
      'firmware.type',
      'firmware.header',
    ];
    for (const lang of ['zh_CN', 'en_US'] as const)
      for (const key of keys) expect(translate(lang, key), `${lang} ${key}`).not.toBe(key);
    for (const code of Object.values(MTC_ALARM_EVENT)) expect(MTC_EVENTS.map((e) => e.code)).toContain(code);
    expect(MTC_EVENTS.find((e) => e.code === 'CABLE_THEFT')?.level).toBe('alarm');
  });

  it('keeps the mtc text keys equal in both languages', () => {
    const flat = (o: unknown, prefix = ''): string[] =>
      o && typeof o === 'object'
        ? Object.entries(o).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k))
        : [prefix];
    const zh = flat((I18N_RESOURCES.zh_CN as unknown as Record<string, unknown>).mtc);
    // English may add a singular (`<key>_one`) beside a counted text.
    const en = flat((I18N_RESOURCES.en_US as unknown as Record<string, unknown>).mtc).filter(
      (k) => !k.endsWith('_one'),
    );
    expect(zh.sort()).toEqual(en.sort());
  });

  it('checks the alarm thresholds with the ranges of spec 001 §5', () => {
    expect(mtcAlarmConfigBody.safeParse(MTC_ALARM_DEFAULT).success).toBe(true);
    for (const [key, [min, max]] of Object.entries(MTC_ALARM_RANGES)) {
      const at = (v: number) => mtcAlarmConfigBody.safeParse({ ...MTC_ALARM_DEFAULT, [key]: v });
      // The cross-field rules aside, both ends are allowed and one beyond is not.
      const lowOk = messages(at(min)).filter((m) => m.startsWith(`${key}:`));
      expect(lowOk, `${key} ${min}`).toEqual([]);
      expect(
        messages(at(max)).filter((m) => m.startsWith(`${key}:`)),
        `${key} ${max}`,
      ).toEqual([]);
      expect(messages(at(min - 1)), `${key} ${min - 1}`).toContain(`${key}:validation.range`);
      expect(messages(at(max + 1)), `${key} ${max + 1}`).toContain(`${key}:validation.range`);
    }
    expect(MTC_ALARM_RANGES.overCurrent).toEqual([1000, 9000]);
    expect(MTC_ALARM_RANGES.phaseCurrentDiff).toEqual([1000, 50000]);
    expect(MTC_ALARM_RANGES.phaseVoltageDiff).toEqual([1, 30]);
    const crossed = mtcAlarmConfigBody.safeParse({ ...MTC_ALARM_DEFAULT, underVoltage: 220, overVoltage: 220 });
    expect(messages(crossed)).toContain('underVoltage:mtc.rules.underBelowOverVoltage');
    expect(messages(mtcAlarmConfigBody.safeParse({ ...MTC_ALARM_DEFAULT, sameEventInterval: 59 }))).toContain(
      'sameEventInterval:validation.range',
    );
  });

  it('raises the alarms a report crosses', () => {
    const report = {
      voltageA: 231,
      voltageB: 229,
      voltageC: 268,
      currentA: 9500,
      currentB: 2000,
      currentC: 2100,
      leakageCurrent: 10,
      temperature: 40,
      circuitsOn: 8,
    };
    expect(mtcAlarmsOf(report, MTC_ALARM_DEFAULT).sort()).toEqual(
      ['overCurrent', 'overVoltage', 'phaseCurrentDiff', 'phaseVoltageDiff'].sort(),
    );
    expect(mtcAlarmsOf(report, { ...MTC_ALARM_DEFAULT, enabled: ['leakage'] })).toEqual([]);
    // A dark cabinet draws nothing: not under current.
    expect(mtcAlarmsOf({ currentA: 0, currentB: 0, currentC: 0, circuitsOn: 0 }, MTC_ALARM_DEFAULT)).toEqual([]);
  });

  it('configures the up link on port 18089 by default, 1024-65535', () => {
    const ok = mtcConfigBody.parse({ address: 'A0001', upServer: '10.0.0.5' });
    expect(ok).toMatchObject({ upPort: 18089, upProtocol: 'tcp' });
    expect(messages(mtcConfigBody.safeParse({ address: 'A1', upServer: 'iot.example.com', upPort: 1023 }))).toEqual([
      'upPort:validation.range',
    ]);
    expect(mtcConfigBody.safeParse({ address: 'A1', upServer: 'x', upPort: 65535 }).success).toBe(false);
    expect(mtcConfigBody.safeParse({ address: 'A1', upServer: 'iot.example.com', upPort: 65535 }).success).toBe(true);
    const twice = mtcPeripheralsBody.safeParse({
      peripherals: [1, 1].map((index) => ({
        index,
        protocol: 'modbus',
        port: 1,
        stationAddress: 3,
        addressType: 'holding',
        transferType: 'rtu',
        registerStart: 0,
      })),
    });
    expect(messages(twice)).toEqual(['peripherals.1.index:link.peripheralIndex']);
  });

  it('switches one circuit or several, each at most once', () => {
    expect(mtcCommandArgs.switch.parse({ circuit: '3', on: 'true' })).toEqual({ circuit: 3, on: true });
    expect(mtcCommandArgs.switch.safeParse({ circuit: 33, on: true }).success).toBe(false);
    expect(messages(mtcCommandArgs.multiswitch.safeParse({ circuits: [] }))).toEqual(['circuits:mtc.rules.noCircuits']);
    expect(
      messages(
        mtcCommandArgs.multiswitch.safeParse({
          circuits: [
            { circuit: 1, on: true },
            { circuit: 1, on: false },
          ],
        }),
      ),
    ).toEqual(['circuits:mtc.rules.circuitTwice']);
  });

  it('speaks UNIX seconds at UTC+8 with the cabinet and masks of circuits', () => {
    const at = new Date('2026-11-22T16:00:00Z'); // 00:00 on 23 Nov in Beijing
    expect(toMtcTime(at)).toBe(Date.UTC(2026, 10, 23) / 1000);
    expect(fromMtcTime(toMtcTime(at)).toISOString()).toBe(at.toISOString());
    expect(maskOfCircuits([1, 3, 32])).toBe(1 + 4 + 2 ** 31);
    expect(circuitsOfMask(maskOfCircuits([1, 3, 32]))).toEqual([1, 3, 32]);
    expect(circuitsOfMask(maskOfCircuits([1, 3, 32]), 8)).toEqual([1, 3]);
  });

  it('refuses files that are not firmware, each with its reason', () => {
    const image = (head: string, size = 4096) => {
      const bytes = new Uint8Array(size);
      bytes.set([...head].map((c) => c.charCodeAt(0)));
      return bytes;
    };
    expect(checkFirmware('mtc.bin', image('MTCFMTC1.2.03'))).toEqual({ ok: true, version: 'MTC1.2.03' });
    expect(checkFirmware('mtc.exe', image('MTCFMTC1.2.03'))).toEqual({ ok: false, error: 'type' });
    expect(checkFirmware('mtc.bin', image('MTCFMTC1.2.03', 100))).toEqual({ ok: false, error: 'tooSmall' });
    expect(checkFirmware('mtc.bin', image('MTCFMTC1.2.03', MTC_FIRMWARE.maxBytes + 1))).toEqual({
      ok: false,
      error: 'tooLarge',
    });
    expect(checkFirmware('mtc.bin', image('\x7fELF....'))).toEqual({ ok: false, error: 'header' });
    expect(checkFirmware('mtc.bin', image('MTCFMTC12.3.4'))).toEqual({ ok: false, error: 'header' });
  });

  it('validates policies: absolute units need times, relative ones a base and an offset in range', () => {
    const body = mtcPolicyBody(5);
    expect(
      body.safeParse({ name: '夜间', no: 'P1', timeMode: 'absolute', units: [{ time: '18:30', circuits: [1, 2] }] })
        .success,
    ).toBe(true);
    expect(
      messages(body.safeParse({ name: '夜间', no: 'P1', timeMode: 'absolute', units: [{ circuits: [1] }] })),
    ).toEqual(['units.0.time:mtc.rules.clockTime']);
    expect(
      messages(
        body.safeParse({
          name: '夜间',
          no: 'P1',
          timeMode: 'relative',
          units: [{ relativeTo: 'sunset', offset: 800, circuits: [1] }, { offset: 5 }],
        }),
      ),
    ).toEqual(['units.0.offset:validation.range', 'units.1.relativeTo:mtc.rules.relativeTo']);
    const six = Array.from({ length: 6 }, () => ({ time: '01:00' }));
    expect(messages(body.safeParse({ name: '夜间', no: 'P1', timeMode: 'absolute', units: six }))).toEqual([
      'units:schedule.rules.unitsMax',
    ]);
  });

  it('runs absolute policies at their clock times', () => {
    const policy: MtcPolicy = mtcPolicyBody().parse({
      name: '夜间',
      no: 'P1',
      timeMode: 'absolute',
      units: [
        { time: '18:30', circuits: [1, 2, 3] },
        { time: '23:00', circuits: [1] },
        { time: '06:00', circuits: [] },
      ],
    });
    const day = mtcDaySchedule([policy], '2026-06-21', BEIJING, 8, 4);
    expect(day.events.map((e) => [e.time, e.circuits])).toEqual([
      ['06:00', []],
      ['18:30', [1, 2, 3]],
      ['23:00', [1]],
    ]);
    // Circuit 1 burns from midnight (carried over) to 06:00 and from 18:30: 6 h + 5.5 h.
    expect(day.startCircuits).toEqual([1]);
    expect(day.circuitMinutes).toEqual([690, 270, 270, 0]);
    const at = (iso: string) => mtcCircuitsAt([policy], new Date(iso), BEIJING, 8, 4);
    expect(at('2026-06-21T10:29:00Z')).toEqual([]); // 18:29 local
    expect(at('2026-06-21T10:30:00Z')).toEqual([1, 2, 3]);
    expect(at('2026-06-21T15:30:00Z')).toEqual([1]);
  });

  it('runs relative policies from midnight, sunrise and sunset with their offsets', () => {
    const policy: MtcPolicy = mtcPolicyBody().parse({
      name: '日落',
      no: 'P2',
      timeMode: 'relative',
      units: [
        { relativeTo: 'sunset', offset: 15, circuits: [1, 2] },
        { relativeTo: 'midnight', offset: 60, circuits: [1] },
        { relativeTo: 'sunrise', offset: -10, circuits: [] },
      ],
    });
    for (const date of ['2026-03-20', '2026-06-21', '2026-12-21']) {
      const sun = sunTimes(date, BEIJING, 8);
      const day = mtcDaySchedule([policy], date, BEIJING, 8, 2);
      const byCircuits = Object.fromEntries(day.events.map((e) => [e.circuits.join(','), e.minute]));
      expect(byCircuits['1,2']).toBe(sun.sunset! + 15);
      expect(byCircuits['1']).toBe(60);
      expect(byCircuits['']).toBe(sun.sunrise! - 10);
      expect(day.sunset).toBe(day.sunset && `${day.sunset}`);
      expect(minutes(day.sunset)).toBe(sun.sunset);
    }
    // Known: Beijing's sunset on 21 June 2026 is about 19:46 local, sunrise about 04:46.
    const june = mtcDaySchedule([policy], '2026-06-21', BEIJING, 8, 2);
    expect(Math.abs(minutes(june.sunset) - (19 * 60 + 46))).toBeLessThanOrEqual(3);
    expect(Math.abs(minutes(june.sunrise) - (4 * 60 + 46))).toBeLessThanOrEqual(3);
    const year = mtcYearSchedule([policy], 2026, BEIJING, 8);
    expect(year.days).toHaveLength(365);
    expect(year.days.every((d) => d.on !== null && d.off !== null)).toBe(true);
  });
});
