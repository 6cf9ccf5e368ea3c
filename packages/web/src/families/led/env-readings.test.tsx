import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLang } from '../../i18n/i18n';
import { familyTestSetup, pushLive } from '../../test/family-page';
import { mockFetch, renderWithApp } from '../../test/render';
import type { Draft } from './program-model';
import { ProgramPreview } from './program-preview';

const MONITOR = 31;
const ENV = '/api/pjts/2/iot/envmonitor';
const draft = (envDeviceId: number | null): Draft =>
  ({
    name: '空气质量',
    no: 'P1',
    width: 192,
    height: 96,
    durationSeconds: 30,
    layers: [
      {
        key: 'env',
        type: 'env',
        left: 0,
        top: 0,
        width: 192,
        height: 96,
        resources: [],
        entryEffect: 'none',
        entryMs: 0,
        exitEffect: 'none',
        exitMs: 0,
        envDeviceId,
      },
    ],
  }) as unknown as Draft;

familyTestSetup();

const serve = () =>
  mockFetch((call) =>
    call.url.pathname === `${ENV}/${MONITOR}/reports.do`
      ? {
          json: {
            list: [{ at: '2026-05-01T08:00:00Z', temperature: 21.5, humidity: null, pm25: 35 }],
            total: 1,
            page: 1,
            pageSize: 25,
          },
        }
      : undefined,
  );

describe('an env layer in the program preview', () => {
  it.each([
    ['zh_CN', ['温度 21.5 °C', 'PM2.5 35 μg/m³'], ['温度 22 °C', '噪声 48 dB']],
    ['en_US', ['Temperature 21.5 °C', 'PM2.5 35 μg/m³'], ['Temperature 22 °C', 'Noise 48 dB']],
  ] as const)(
    "shows the bound monitor's latest readings, then each report as it comes (%s)",
    async (lang, first, next) => {
      await changeLang(lang);
      const { calls } = serve();
      renderWithApp(<ProgramPreview projectId={2} draft={draft(MONITOR)} scale={2} running={false} />);
      const layer = await screen.findByTestId('preview-env');
      await waitFor(() => expect([...layer.children].map((c) => c.textContent)).toEqual([...first]));
      expect(calls.some((c) => c.url.pathname === `${ENV}/${MONITOR}/reports.do`)).toBe(true);
      // Its next report, live; another monitor's is not shown.
      pushLive({
        kind: 'telemetry',
        deviceId: 99,
        projectId: 2,
        type: 'envmonitor',
        at: '2026-05-01T08:00:30Z',
        values: { temperature: 40 },
      } as never);
      pushLive({
        kind: 'telemetry',
        deviceId: MONITOR,
        projectId: 2,
        type: 'envmonitor',
        at: '2026-05-01T08:01:00Z',
        values: { temperature: 22, noise: 48 },
      } as never);
      await waitFor(() => expect([...layer.children].map((c) => c.textContent)).toEqual([...next]));
      expect(layer.getAttribute('data-at')).toBe('2026-05-01T08:01:00Z');
    },
  );

  it('says when no monitor is bound, and when the monitor has no readings yet', async () => {
    await changeLang('zh_CN');
    serve();
    const { unmount } = renderWithApp(<ProgramPreview projectId={2} draft={draft(null)} scale={2} running={false} />);
    expect((await screen.findByTestId('preview-env')).textContent).toBe('未选择环境监测仪');
    unmount();
    mockFetch(() => ({ json: { list: [], total: 0, page: 1, pageSize: 25 } }));
    renderWithApp(<ProgramPreview projectId={2} draft={draft(MONITOR)} scale={2} running={false} />);
    await waitFor(() => expect(screen.getByTestId('preview-env').textContent).toBe('环境监测仪暂无数据'));
  });
});
