import type { EceRecording } from '@sc/contract/families/ece';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLang } from '../../i18n/i18n';
import { familyScreens, listedSample } from '../../test/family-page';
import RecordPage, { recordDuration, recordSize } from './record-page';

const PAGE = '/pjt/pjtdeviceecerecord';
const ECE = '/api/pjts/2/iot/ece';
const POSTS = [
  {
    ...listedSample(91, '东门呼叫柱', 'ECE'),
    ip: null,
    eceCode: null,
    deviceSerial: null,
    linkedCamera: null,
    unhandled: 0,
  },
];
const recording = (id: number, more: Partial<EceRecording>): EceRecording => ({
  id,
  projectId: 2,
  alarmId: 10 + id,
  device: { id: 91, name: '东门呼叫柱', no: 'ECE-91' },
  eventId: `EQ91-${id}`,
  eventType: 'CALL',
  startTime: '2026-05-01T08:00:05.000Z',
  durationMs: 83_400,
  size: 5_337_644,
  cut: false,
  interrupted: false,
  answeredBy: 'admin',
  ...more,
});
const RECORDINGS = [recording(1, {}), recording(2, { durationMs: 600_000, size: 38_400_044, cut: true })];

const family = (answer: (call: { url: URL }) => { status?: number; json: unknown }) =>
  familyScreens({
    screen: PAGE,
    base: ECE,
    list: POSTS,
    more: (call, pathname) => (pathname === `${ECE}/recordings` ? answer(call) : undefined),
  });
const found = family(() => ({ json: { list: RECORDINGS, total: 2, page: 1, pageSize: 25 } }));

async function open(serve = found) {
  const { calls } = serve.serve(1, PAGE);
  const { renderWithApp } = await import('../../test/render');
  renderWithApp(<RecordPage />, { path: PAGE });
  return calls;
}

describe('formats', () => {
  it('shows durations as mm:ss and sizes in KB or MB', () => {
    expect(recordDuration(83_400)).toBe('01:23');
    expect(recordDuration(600_000)).toBe('10:00');
    expect(recordDuration(400)).toBe('00:00');
    expect(recordDuration(4_990)).toBe('00:04');
    expect(recordSize(64_044)).toBe('62.5 KB');
    expect(recordSize(5_337_644)).toBe('5.1 MB');
  });
});

describe('alarm recordings', () => {
  it('searches the last days, lists the recordings in words and plays one in a player that can seek', async () => {
    const calls = await open();
    const table = await screen.findByTestId('ece-records', {}, { timeout: 20_000 });
    await within(table).findAllByText('东门呼叫柱', {}, { timeout: 20_000 });
    const asked = calls.find((c) => c.url.pathname === `${ECE}/recordings`)!;
    const from = Date.parse(asked.url.searchParams.get('from')!);
    const to = Date.parse(asked.url.searchParams.get('to')!);
    expect(to - from).toBeLessThanOrEqual(30 * 86_400_000);
    for (const name of ['呼叫设备', '报警事件', '开始时间', '时长', '大小'])
      expect(within(table).getByRole('columnheader', { name })).toBeTruthy();
    expect(within(table).getAllByText('紧急呼叫')).toHaveLength(2);
    expect(within(table).getByText('01:23')).toBeTruthy();
    expect(within(table).getByText('5.1 MB')).toBeTruthy();
    expect(within(table).getByText('已截断')).toBeTruthy();
    expect(within(table).getAllByText(/^2026-05-01 \d\d:00:05$/)).toHaveLength(2);

    fireEvent.click(within(table).getAllByTestId('ece-record-play')[0]!);
    const audio = (await screen.findByTestId('ece-record-audio')) as HTMLAudioElement;
    expect(audio.controls).toBe(true);
    const src = new URL(audio.src);
    expect(src.pathname).toBe(`${ECE}/recordings/1/audio`);
    expect(src.searchParams.get('lang')).toBe('zh_CN');
    expect(screen.getByText('左声道：呼叫设备；右声道：坐席')).toBeTruthy();
    // A file the browser cannot play is said so.
    fireEvent.error(audio);
    expect((await screen.findByTestId('ece-record-play-error')).textContent).toContain('播放错误');
  }, 120_000);

  it('requires a period of at most 30 days before asking, by the contract rule', async () => {
    const { calls } = found.serve(1, PAGE);
    const { renderWithApp } = await import('../../test/render');
    renderWithApp(<RecordPage />, { path: `${PAGE}?from=2026-01-01T00:00:00.000Z&to=2026-02-01T00:00:00.000Z` });
    expect((await screen.findByTestId('ece-record-invalid', {}, { timeout: 20_000 })).textContent).toBe(
      '时间段最长 30 天',
    );
    fireEvent.click(screen.getByTestId('ece-record-search'));
    expect(screen.getByTestId('ece-record-invalid').textContent).toBe('时间段最长 30 天');
    // Cleared: a period is required.
    const [start] = screen.getAllByTestId('ece-record-period') as HTMLInputElement[];
    const picker = start!.closest('.ant-picker') as HTMLElement;
    fireEvent.mouseEnter(picker);
    const clear = picker.querySelector('.ant-picker-clear') as HTMLElement;
    fireEvent.mouseDown(clear);
    fireEvent.mouseUp(clear);
    fireEvent.click(clear);
    fireEvent.click(screen.getByTestId('ece-record-search'));
    await waitFor(() => expect(screen.getByTestId('ece-record-invalid').textContent).toBe('请选择有效的时间段'));
    expect(calls.filter((c) => c.url.pathname === `${ECE}/recordings`)).toHaveLength(0);
    expect(screen.getByText('选择时间段（最长 30 天）后查询')).toBeTruthy();
  }, 120_000);

  it("shows the server's refusal and an empty period in the reader's language", async () => {
    await act(() => changeLang('en_US'));
    const refused = family(() => ({
      status: 400,
      json: { statusCode: 400, code: 'VALIDATION', message: 'The period is limited to 30 days' },
    }));
    await open(refused);
    expect((await screen.findByTestId('ece-record-error', {}, { timeout: 20_000 })).textContent).toContain(
      'The period is limited to 30 days',
    );
    await act(() => changeLang('zh_CN'));
  }, 120_000);

  it('tags a recording the server stopping during its call left incomplete, with why, in both languages', async () => {
    const interrupted = family(() => ({
      json: {
        list: [recording(3, { durationMs: 12_288, size: 786_550, interrupted: true })],
        total: 1,
        page: 1,
        pageSize: 25,
      },
    }));
    for (const [lang, tag, tip] of [
      ['zh_CN', '不完整', '录音因服务器中断而不完整：保留了中断前已保存的部分'],
      ['en_US', 'Incomplete', 'Incomplete: the server stopped during the call; what was stored until then is kept'],
    ] as const) {
      await act(() => changeLang(lang));
      await open(interrupted);
      const table = await screen.findByTestId('ece-records', {}, { timeout: 20_000 });
      const marked = await within(table).findByTestId('ece-record-interrupted', {}, { timeout: 20_000 });
      expect(marked.textContent).toBe(tag);
      expect(within(table).getByText('00:12')).toBeTruthy();
      expect(within(table).queryByText(lang === 'zh_CN' ? '已截断' : 'Cut')).toBeNull();
      fireEvent.mouseEnter(marked);
      expect((await screen.findByRole('tooltip', {}, { timeout: 5000 })).textContent).toBe(tip);
      cleanup();
    }
    await act(() => changeLang('zh_CN'));
  }, 120_000);

  it('says so when nothing was recorded, in English', async () => {
    await act(() => changeLang('en_US'));
    await open(family(() => ({ json: { list: [], total: 0, page: 1, pageSize: 25 } })));
    const table = await screen.findByTestId('ece-records', {}, { timeout: 20_000 });
    expect(await within(table).findByText('No recordings in this period', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('Choose a recording in the list to play it')).toBeTruthy();
    for (const name of ['Post', 'Alarm event', 'Start', 'Duration', 'Size'])
      expect(within(table).getByRole('columnheader', { name })).toBeTruthy();
    await act(() => changeLang('zh_CN'));
  }, 120_000);
});
