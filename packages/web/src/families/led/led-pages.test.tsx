import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLang } from '../../i18n/i18n';
import { stubXhr } from '../../test/fake-xhr';
import { deviceSample, expectReading, familyScreens, pageOf } from '../../test/family-page';
import { renderWithApp } from '../../test/render';
import { listedRows } from '../kit/test-fixtures';
import type { LedResource, LedScreen } from './api';
import LedListPage from './led-list-page';
import LedPage from './led-page';
import LedResourcesPage from './led-resources-page';

const LIST = '/pjt/pjtdeviceledlist';
const LED = '/api/pjts/2/iot/led';
const screenRow = listedRows<LedScreen>('LED', {
  screenWidth: 192,
  screenHeight: 96,
  reportedAt: '2026-05-01T08:00:00Z',
  brightness: 180,
  volume: 7,
  power: true,
  playing: '城市公告',
});
const SCREENS = [
  screenRow(61, '广场屏', {}),
  screenRow(62, '路口屏', {
    registered: false,
    activeState: 0,
    reportedAt: null,
    brightness: null,
    volume: null,
    power: null,
    playing: null,
  }),
];
const ONE = deviceSample(61, '广场屏', 'LED', {
  type: 'led',
  modelName: 'ledxx',
  props: { screenWidth: 192, screenHeight: 96 },
});
const RUNTIME = {
  id: 61,
  at: '2026-05-01T08:00:00Z',
  brightness: 180,
  volume: 7,
  power: true,
  playing: '城市公告',
};
const RESOURCES: LedResource[] = [
  {
    id: 3,
    projectId: 2,
    name: '公告图',
    no: 'R3',
    mediaType: 'image',
    description: '',
    fileName: 'notice.png',
    mime: 'image/png',
    size: 2048,
    creator: 'u',
    createdAt: '2026-05-01T08:00:00Z',
  },
  {
    id: 4,
    projectId: 2,
    name: '宣传片',
    no: 'R4',
    mediaType: 'video',
    description: '',
    fileName: null,
    mime: null,
    size: null,
    creator: 'u',
    createdAt: '2026-05-01T08:00:00Z',
  },
];

const family = familyScreens({
  screen: LIST,
  base: LED,
  list: SCREENS,
  device: ONE,
  more: (call, pathname) => {
    if (pathname === `${LED}/61/runtime`) return { json: RUNTIME };
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
            delivered: false,
            deliveredAt: null,
          },
        ],
      };
    if (pathname === `${LED}/61/control`)
      return { json: { command: 'control', ok: true, result: { brightness: 90 }, durationMs: 60, attempts: 1 } };
    if (pathname === `${LED}/resources` && call.method === 'GET')
      return { json: { ...pageOf(RESOURCES), pageSize: 25 } };
    return undefined;
  },
});

describe('LED screens list', () => {
  it('shows resolution, brightness, volume, power and what plays in words, and follows reports', async () => {
    const { row } = await family.openList(<LedListPage />, LIST, '广场屏');
    expect(row.textContent).toContain('192 × 96');
    expect(within(row).getByTestId('led-brightness').textContent).toBe('180');
    expect(row.querySelector('[data-power="true"]')?.textContent).toBe('开');
    expect(within(row).getByTestId('led-playing').textContent).toBe('城市公告');
    expect(screen.getByRole('columnheader', { name: '正在播放' })).toBeTruthy();
    family.pushReport(61, 'led', { brightness: 42, volume: 3, power: 0, playing: null }, '2026-05-01T20:15:00Z');
    await waitFor(async () =>
      expect(within(await family.rowWith('广场屏')).getByTestId('led-brightness').textContent).toBe('42'),
    );
    expect((await family.rowWith('广场屏')).querySelector('[data-power="false"]')?.textContent).toBe('关');
  }, 120_000);

  family.registrationTests(<LedListPage />, LIST, { register: ['路口屏', `${LED}/62/register`] });
});

describe('LED screen page', () => {
  const PAGE = '/pjt/pjtdeviceled?id=61';

  it('shows the runtime live and sends brightness within the contract’s range', async () => {
    const { calls } = family.serve(5, '/pjt/pjtdeviceled');
    const user = userEvent.setup();
    renderWithApp(<LedPage />, { path: PAGE });
    const runtime = await expectReading('led-runtime', 'brightness', '亮度180');
    expect(screen.getByTestId('led-power').textContent).toBe('开');
    expect(screen.getByTestId('led-playing').textContent).toBe('城市公告');
    const control = screen.getByTestId('led-control');
    const input = within(control).getByTestId('led-brightness-input');
    await user.clear(input);
    await user.type(input, '0');
    await user.click(within(control).getByTestId('led-send'));
    expect(await within(control).findByText(/允许的取值范围：1 - 255/)).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/control'))).toBe(false);
    await user.clear(input);
    await user.type(input, '90');
    await user.click(within(control).getByTestId('led-send'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/61/control'))).toBe(true));
    expect(calls.find((c) => c.url.pathname.endsWith('/control'))!.body?.get('brightness')).toBe('90');
    expect(await screen.findByText('已下发到屏幕，屏幕已应答', undefined, { timeout: 10_000 })).toBeTruthy();
    family.pushReport(61, 'led', { brightness: 90, volume: 7, power: 1, playing: '空气质量' }, '2026-05-01T20:15:00Z');
    await waitFor(() => expect(screen.getByTestId('led-playing').textContent).toBe('空气质量'));
    expect(runtime.querySelector('[data-reading="brightness"]')?.textContent).toBe('亮度90');
    // The programs published to it: this one waits for the screen.
    const programs = screen.getByTestId('led-screen-programs');
    expect(await within(programs).findByText('晚间公告')).toBeTruthy();
    expect(programs.querySelector('[data-delivered="false"]')?.textContent).toBe('等待屏幕上线');
  }, 120_000);

  it('says so when the screen is not in the project', async () => {
    family.serve();
    renderWithApp(<LedPage />, { path: '/pjt/pjtdeviceled?id=99' });
    expect(await screen.findByText('LED 屏不存在或不在当前项目中')).toBeTruthy();
  });
});

describe('media resources', () => {
  const PATH = '/pjt/pjtledresourcelist';

  it('lists resources with their type in words and a preview of the image', async () => {
    family.serve(5, PATH);
    renderWithApp(<LedResourcesPage />, { path: PATH });
    const row = await family.rowWith('公告图');
    expect(row.querySelector('[data-media-type="image"]')?.textContent).toBe('图片');
    const thumb = within(row).getByTestId('led-thumb') as HTMLImageElement;
    expect(thumb.src).toContain(`${LED}/resources/3/file`);
    expect((await family.rowWith('宣传片')).textContent).toContain('无文件');
    fireEvent.click(within(row).getByTestId('led-preview'));
    const image = await screen.findByTestId('led-preview-image', undefined, { timeout: 10_000 });
    expect((image as HTMLImageElement).src).toContain('/resources/3/file');
  }, 120_000);

  it.each([
    ['zh_CN', '新增资源', '请选择文件'],
    ['en_US', 'New resource', 'A file is required'],
  ] as const)(
    'checks the fields and the file before uploading (%s)',
    async (lang, add, noFile) => {
      await changeLang(lang);
      family.serve(5, PATH);
      const sent = stubXhr({ status: 200, json: RESOURCES[0] });
      const user = userEvent.setup();
      renderWithApp(<LedResourcesPage />, { path: PATH });
      await family.rowWith('公告图');
      await user.click(screen.getByRole('button', { name: new RegExp(add) }));
      const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
      await user.type(within(dialog).getByLabelText(lang === 'zh_CN' ? '名称' : 'Name'), '新公告');
      await user.type(within(dialog).getByLabelText(lang === 'zh_CN' ? '编号' : 'No.'), 'R9');
      await user.click(within(dialog).getByRole('button', { name: /保\s*存|Save/ }));
      expect(await within(dialog).findByText(noFile)).toBeTruthy();
      expect(sent).toHaveLength(0);
      const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
      await user.upload(
        input,
        new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'notice.png', { type: 'image/png' }),
      );
      await user.click(within(dialog).getByRole('button', { name: /保\s*存|Save/ }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]!.url).toContain(`${LED}/resources`);
      expect(sent[0]!.body.get('no')).toBe('R9');
      expect(sent[0]!.body.get('mediaType')).toBe('image');
      expect((sent[0]!.body.get('file') as File).name).toBe('notice.png');
    },
    120_000,
  );

  it("shows the server's refusal of a file in the dialog", async () => {
    family.serve(5, PATH);
    stubXhr({
      status: 400,
      json: {
        statusCode: 400,
        code: 'VALIDATION',
        message: '文件内容与媒体类型不符（按内容识别，不看文件名），允许：.png .jpg',
        errors: [{ field: 'file', message: '文件内容与媒体类型不符（按内容识别，不看文件名），允许：.png .jpg' }],
      },
    });
    const user = userEvent.setup();
    renderWithApp(<LedResourcesPage />, { path: PATH });
    await family.rowWith('公告图');
    await user.click(screen.getByRole('button', { name: /新增资源/ }));
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    await user.type(within(dialog).getByLabelText('名称'), '假图片');
    await user.type(within(dialog).getByLabelText('编号'), 'R10');
    await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, new File(['hello'], 'fake.png'));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(/文件内容与媒体类型不符/)).toBeTruthy();
  }, 120_000);
});
