import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../i18n/i18n';
import { familyScreens, listedSample, pageOf, pushLive } from '../../test/family-page';
import { expectSentJson, jsonBody, renderWithApp } from '../../test/render';
import LedLivePage from './led-live-page';
import LedProgramPage from './led-program-page';
import LedProgramsPage from './led-programs-page';

// Konva needs a real canvas: the editor's rules are tested around it (the journey drags on it).
vi.mock('./program-canvas', () => ({
  default: ({ layers }: { layers: unknown[] }) => <div data-testid="canvas-stub">{layers.length}</div>,
}));

const LED = '/api/pjts/2/iot/led';
const LIST = '/pjt/pjtledprogramlist';
const BATCH = '7b0e1d1e-9c41-4f0a-8a8e-3f1f9c1d2e3f';
const row = (id: number, name: string, state: 'edit' | 'checked') => ({
  id,
  projectId: 2,
  name,
  no: `P${id}`,
  version: 'advanced',
  priority: 0,
  repeatTimes: 1,
  language: 'zh_CN',
  description: '',
  width: 192,
  height: 96,
  durationSeconds: 30,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  startTime: '00:00',
  endTime: '23:59',
  filter: 'none',
  weekdays: [],
  days: [],
  state,
  creator: 'admin',
  checkedBy: state === 'checked' ? 'admin' : null,
  checkedAt: state === 'checked' ? '2026-05-01T08:00:00Z' : null,
  createdAt: '2026-05-01T08:00:00Z',
  updatedAt: '2026-05-01T08:00:00Z',
  layerCount: 2,
  screens: 0,
});
const PROGRAMS = [row(7, '早间公告', 'edit'), row(8, '晚间公告', 'checked')];
const SCREENS = [
  {
    ...listedSample(61, '广场屏', 'LED'),
    screenWidth: 192,
    screenHeight: 96,
    reportedAt: null,
    brightness: null,
    volume: null,
    power: null,
    playing: null,
  },
  {
    ...listedSample(62, '路口屏', 'LED'),
    screenWidth: 192,
    screenHeight: 96,
    reportedAt: null,
    brightness: null,
    volume: null,
    power: null,
    playing: null,
  },
];

const GROUPS = [
  { id: 5, name: '北区屏幕', no: 'G5', screens: 2 },
  { id: 6, name: '南区屏幕', no: 'G6', screens: 1 },
];
/** A screen's delivery of program 8, as …/programs/8/screens answers it. */
const SENT = { publishedAt: '2026-05-01T10:00:00Z', delivered: true, deliveredAt: '2026-05-01T10:00:01Z' };

/** The list call failing (a busy server): set once a program was checked. */
let listDown = false;

/** The server's refusal of the next publish, when set. */
let refusal: string | null = null;

const family = familyScreens({
  screen: LIST,
  base: LED,
  list: SCREENS,
  more: (call, pathname) => {
    if (pathname === `${LED}/programs` && call.method === 'GET')
      return listDown
        ? { status: 503, json: { statusCode: 503, code: 'UNAVAILABLE', message: '服务繁忙' } }
        : { json: { ...pageOf(PROGRAMS), pageSize: 25 } };
    if (pathname === `${LED}/programs` && call.method === 'POST')
      return { json: { ...row(9, '新节目', 'edit'), layers: [] } };
    if (pathname === `${LED}/programs/7/check`) {
      listDown = true;
      return { json: { ...row(7, '早间公告', 'checked'), layers: [] } };
    }
    if (pathname === `${LED}/61/runtime`)
      return {
        json: { id: 61, at: '2026-05-01T08:00:00Z', brightness: 180, volume: 6, power: true, playing: '晚间公告' },
      };
    if (pathname === `${LED}/61/programs`)
      return {
        json: [
          {
            programId: 8,
            name: '晚间公告',
            no: 'P8',
            state: 'checked',
            width: 192,
            height: 96,
            durationSeconds: 30,
            publishedAt: '2026-05-01T08:00:00Z',
            delivered: true,
            deliveredAt: '2026-05-01T08:00:01Z',
          },
        ],
      };
    if (pathname === `${LED}/programs/8` && call.method === 'GET')
      return {
        json: {
          ...row(8, '晚间公告', 'checked'),
          layers: [
            {
              type: 'text',
              left: 0,
              top: 0,
              width: 192,
              height: 48,
              resources: [],
              entryEffect: 'none',
              entryMs: 0,
              exitEffect: 'none',
              exitMs: 0,
              envDeviceId: null,
              text: {
                subtype: 'singleLine',
                content: '晚安',
                font: 'sans-serif',
                fontSize: 24,
                color: '#ff0000',
                background: '#000000',
                align: 'left',
                lineHeight: 120,
                speed: 0,
                timeZone: 8,
              },
            },
          ],
        },
      };
    if (pathname === `${LED}/programs/groups`) return { json: GROUPS };
    if (pathname === `${LED}/programs/8/screens`)
      return {
        json: [
          { ...SENT, deviceId: 61, name: '广场屏', bytesSent: 20 * 1024 * 1024 },
          { ...SENT, deviceId: 62, name: '路口屏', bytesSent: 0 },
        ],
      };
    if (pathname === `${LED}/publishes`)
      return {
        json: {
          ...pageOf([
            {
              id: 3,
              projectId: 2,
              programId: 8,
              programName: '晚间公告',
              batchId: BATCH,
              total: 2,
              creator: 'admin',
              createdAt: '2026-05-01T10:00:00Z',
            },
          ]),
          pageSize: 50,
        },
      };
    if (pathname === `${LED}/programs/8/publish`)
      return refusal
        ? { status: 400, json: { statusCode: 400, code: 'VALIDATION', message: refusal } }
        : { json: { batchId: BATCH, command: 'publish', total: 2 } };
    if (pathname === `${LED}/batches/${BATCH}`)
      return {
        json: {
          batchId: BATCH,
          command: 'publish',
          total: 2,
          acknowledged: 2,
          failed: 0,
          pending: 0,
          done: true,
          state: 'done',
          startedAt: '2026-05-01T10:00:00Z',
          finishedAt: '2026-05-01T10:00:01Z',
          results: [
            { deviceId: 61, name: '广场屏', ok: true, error: null, durationMs: 30 },
            { deviceId: 62, name: '路口屏', ok: true, error: null, durationMs: 30 },
          ],
        },
      };
    return undefined;
  },
});

describe('LED program list', () => {
  it('checks an editable program after asking, and publishes a checked one to two screens with their progress', async () => {
    const { fetchMock, calls } = family.serve(10, LIST);
    const user = userEvent.setup();
    renderWithApp(<LedProgramsPage />, { path: LIST });
    const draft = await family.rowWith('早间公告');
    expect(draft.querySelector('[data-program-state="edit"]')?.textContent).toBe('编辑中');
    await user.click(within(draft).getByTestId('program-check'));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${LED}/programs/7/check`)).toBe(true));
    // Checked as the call answered, not waiting for the list read again (failing here).
    await waitFor(() => expect(draft.querySelector('[data-program-state]')?.textContent).toBe('已审核'));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname === `${LED}/programs` && c.method === 'GET').length).toBeGreaterThan(1),
    );
    expect((await family.rowWith('早间公告')).querySelector('[data-program-state]')?.textContent).toBe('已审核');
    listDown = false;

    const ready = await family.rowWith('晚间公告');
    await user.click(within(ready).getByTestId('program-publish'));
    const dialog = await screen.findByRole('dialog');
    const publish = within(dialog).getByTestId('publish-send');
    expect(publish.hasAttribute('disabled')).toBe(true);
    fireEvent.mouseDown(
      within(dialog).getByTestId('publish-screens').querySelector('.ant-select-selector') ??
        within(dialog).getByTestId('publish-screens'),
    );
    await user.click(await screen.findByTitle('广场屏'));
    await user.click(await screen.findByTitle('路口屏'));
    await user.click(publish);
    await expectSentJson(fetchMock, `${LED}/programs/8/publish`, { ids: [61, 62], groupIds: [] });
    const progress = await within(dialog).findByTestId('batch-progress');
    pushLive({
      kind: 'batch',
      batchId: BATCH,
      projectId: 2,
      command: 'publish',
      total: 2,
      acknowledged: 2,
      failed: 0,
      pending: 0,
      done: true,
      state: 'done',
      at: '2026-05-01T10:00:01Z',
    } as never);
    await waitFor(() => expect(progress.getAttribute('data-done')).toBe('true'));
    expect(within(progress).getByTestId('batch-acknowledged').textContent).toBe('已确认 2');
    // Each screen with the bytes the server sent it, in words.
    const sent = await within(dialog).findByTestId('program-screens');
    await waitFor(() =>
      expect(
        within(sent)
          .getAllByTestId('bytes-sent')
          .map((e) => e.textContent),
      ).toEqual(['已发送 20 MB', '未发送文件']),
    );
  }, 120_000);

  it.each([
    ['zh_CN', ['已发送 20 MB', '未发送文件']],
    ['en_US', ['20 MB sent', 'No file sent']],
  ] as const)(
    'shows the publish history with the bytes sent to each screen (%s)',
    async (lang, words) => {
      await changeLang(lang);
      family.serve(10, LIST);
      const user = userEvent.setup();
      renderWithApp(<LedProgramsPage />, { path: LIST });
      const ready = await family.rowWith('晚间公告');
      await user.click(within(ready).getByRole('button', { name: lang === 'zh_CN' ? /发布记录/ : /History/ }));
      const dialog = await screen.findByRole('dialog');
      await within(dialog).findByText('admin');
      const sent = within(dialog).getByTestId('program-screens');
      await waitFor(() =>
        expect(
          within(sent)
            .getAllByTestId('bytes-sent')
            .map((e) => e.textContent),
        ).toEqual([...words]),
      );
      expect(within(sent).getByText('广场屏')).toBeTruthy();
    },
    120_000,
  );

  it.each([
    ['zh_CN', '北区屏幕（2 块屏幕）', '南区屏幕（1 块屏幕）', '已确认 2'],
    ['en_US', '北区屏幕 (2 screens)', '南区屏幕 (1 screen)', '2 acknowledged'],
  ] as const)(
    'publishes to a device group, its screens’ progress from the server (%s)',
    async (lang, option, single, acked) => {
      await changeLang(lang);
      refusal = null;
      const { fetchMock } = family.serve(10, LIST);
      const user = userEvent.setup();
      renderWithApp(<LedProgramsPage />, { path: LIST });
      await user.click(within(await family.rowWith('晚间公告')).getByTestId('program-publish'));
      const dialog = await screen.findByRole('dialog');
      const groups = within(dialog).getByTestId('publish-groups');
      fireEvent.mouseDown(groups.querySelector('.ant-select-selector') ?? groups);
      // A group of one screen reads "1 screen", not "1 screens".
      expect(await screen.findByTitle(single)).toBeTruthy();
      await user.click(await screen.findByTitle(option));
      await user.click(within(dialog).getByTestId('publish-send'));
      await expectSentJson(fetchMock, `${LED}/programs/8/publish`, { ids: [], groupIds: [5] });
      const progress = await within(dialog).findByTestId('batch-progress');
      // The group's screens, unknown to the dialog, come with the batch's status.
      expect(await within(progress).findByText('路口屏')).toBeTruthy();
      await waitFor(() => expect(within(progress).getByTestId('batch-acknowledged').textContent).toBe(acked));
    },
    120_000,
  );

  it('says why the server refused a group, and stays open to choose again', async () => {
    refusal = '分组“南区屏幕”中没有 LED 屏幕';
    family.serve(10, LIST);
    const user = userEvent.setup();
    renderWithApp(<LedProgramsPage />, { path: LIST });
    await user.click(within(await family.rowWith('晚间公告')).getByTestId('program-publish'));
    const dialog = await screen.findByRole('dialog');
    const groups = within(dialog).getByTestId('publish-groups');
    fireEvent.mouseDown(groups.querySelector('.ant-select-selector') ?? groups);
    await user.click(await screen.findByTitle('南区屏幕（1 块屏幕）'));
    await user.click(within(dialog).getByTestId('publish-send'));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(within(dialog).queryByTestId('batch-progress')).toBeNull();
    expect(within(dialog).getByTestId('publish-send').hasAttribute('disabled')).toBe(false);
    refusal = null;
  }, 120_000);

  it('offers neither check nor publish below the check and edit levels', async () => {
    family.serve(1, LIST);
    renderWithApp(<LedProgramsPage />, { path: LIST });
    await family.rowWith('早间公告');
    await waitFor(() => expect(screen.queryByTestId('program-check')).toBeNull());
    expect(screen.queryByTestId('program-publish')).toBeNull();
  }, 120_000);
});

describe('LED live view', () => {
  it('draws the program the screen reports it plays, and follows its reports', async () => {
    family.serve(5, '/pjt/pjtledlive');
    renderWithApp(<LedLivePage />, { path: '/pjt/pjtledlive' });
    const picture = await screen.findByTestId('live-picture', undefined, { timeout: 20_000 });
    expect(await within(picture).findByText('晚安')).toBeTruthy();
    expect(screen.getByTestId('live-playing').textContent).toBe('晚间公告');
    family.pushReport(61, 'led', { brightness: 180, volume: 6, power: 0, playing: null }, '2026-05-01T20:15:00Z');
    expect(await screen.findByText('屏幕已关闭')).toBeTruthy();
    expect(screen.queryByTestId('live-picture')).toBeNull();
  }, 120_000);
});

describe('LED program editor', () => {
  it.each([
    ['zh_CN', '请输入文本图层的文字', '节目至少需要一个图层', '单行文本', '添加文本图层'],
    [
      'en_US',
      'Enter the text of the text layer',
      'A program needs at least one layer',
      'Single line',
      'Add text layer',
    ],
  ] as const)(
    'says the contract’s rules before saving, keeps layers inside the screen, then saves (%s)',
    async (lang, noText, noLayer, single, addText) => {
      await changeLang(lang);
      const { fetchMock, calls } = family.serve(5, '/pjt/pjtledprogram');
      const user = userEvent.setup();
      const view = renderWithApp(<LedProgramPage />, { path: '/pjt/pjtledprogram' });
      await screen.findByTestId('program-save');
      await user.type(screen.getByTestId('program-no'), 'P9');
      await user.type(screen.getByTestId('program-name'), '新节目');
      await waitFor(() => expect((screen.getByTestId('program-name') as HTMLInputElement).value).toBe('新节目'));
      await user.click(screen.getByTestId('program-save'));
      await user.click(screen.getByRole('tab', { name: /资源|Resources/ }));
      expect(await screen.findByText(noLayer)).toBeTruthy();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);

      expect(screen.getByTestId('add-text-layer').textContent).toBe(addText);
      fireEvent.mouseEnter(screen.getByTestId('add-text-layer'));
      await user.click(await screen.findByText(single));
      const panel = await screen.findByTestId('layer-panel');
      // A layer typed beyond the screen's 192 px is kept inside it.
      const left = within(panel).getByTestId('layer-left');
      await user.clear(left);
      await user.type(left, '500');
      fireEvent.blur(left);
      await waitFor(() => expect((within(panel).getByTestId('layer-left') as HTMLInputElement).value).toBe('96'));
      expect(await within(panel).findByText(noText)).toBeTruthy();
      await user.type(within(panel).getByTestId('layer-text'), '欢迎光临');
      await waitFor(() => expect(within(panel).queryByText(noText)).toBeNull());
      await user.click(screen.getByTestId('program-save'));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      const body = jsonBody(fetchMock, `${LED}/programs`) as { layers: Record<string, unknown>[] };
      expect(body.layers).toEqual([
        expect.objectContaining({
          type: 'text',
          left: 96,
          width: 96,
          text: expect.objectContaining({ subtype: 'singleLine', content: '欢迎光临' }),
        }),
      ]);
      view.unmount();
    },
    120_000,
  );
});
