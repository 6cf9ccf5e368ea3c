import { FAMILY_MANIFESTS } from '@sc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { guardRawText } from '../../../test/raw-guard';
import { type Call, mockFetch, renderWithApp } from '../../../test/render';
import { frameAnswers, TREE } from '../../man/projectlist/test-fixtures';
import DeviceEditPage from './device-edit-page';
import { draftKey } from './device-form';

/**
 * A property naming another device (an emergency call post's linked camera): picked by name among the
 * project's devices of that type, saved as the device's id; a stored device that is gone says so in words.
 */
const PATH = '/biz/deviceedit';
/** The family whose type properties name another device (the emergency call post's linked camera). */
const LINKING = FAMILY_MANIFESTS.find((f) => f.fields.some((field) => field.kind === 'device'))!;
const ECE = LINKING.type;
/** The type of the device it names (a camera). */
const CAMERA = LINKING.fields.find((field) => field.kind === 'device')!.refType!;
const TYPES = [
  { id: 1, name: '紧急呼叫设备', no: ECE, builtin: true, icon: null, deviceCount: 0, createdAt: '' },
  { id: 2, name: '摄像机', no: CAMERA, builtin: true, icon: null, deviceCount: 0, createdAt: '' },
];
const MODEL = {
  id: 14,
  name: 'ECEISC',
  no: 'eceisc',
  factoryId: 9,
  factoryName: 'HikVision',
  typeNo: ECE,
  typeName: ECE,
  description: '',
  builtin: true,
  deviceCount: 0,
  createdAt: '',
};
const camera = (id: number, name: string, no: string) => ({ id, name, no, type: CAMERA, projectId: 2 });
const GONE = 999;

const TEXTS = {
  zh_CN: {
    next: /下一步/,
    save: /保\s*存/,
    field: '联动摄像机',
    gone: '所选设备已不存在或已不在本项目中',
  },
  en_US: {
    next: /Next/,
    save: /Save/,
    field: 'Linked camera',
    gone: 'The chosen device no longer exists or is no longer in the project',
  },
} as const;

let cameraQueries: URLSearchParams[] = [];

function serve() {
  cameraQueries = [];
  return mockFetch((call: Call) => {
    const frame = frameAnswers(PATH, 5, call);
    if (frame) return frame;
    const { pathname, searchParams } = call.url;
    if (pathname === '/api/projects.do/trees') return { json: TREE };
    if (pathname === '/api/bas/devicetypes.do') return { json: TYPES };
    if (pathname === '/api/bas/devicemodels.do') return { json: searchParams.get('typeNo') === ECE ? [MODEL] : [] };
    if (pathname === '/api/biz/deviceareas.do' || pathname === '/api/biz/devicegroups.do') return { json: [] };
    if (pathname === '/api/biz/devices.do' && call.method === 'GET') {
      if (searchParams.get('type') !== CAMERA) return { json: [] };
      cameraQueries.push(searchParams);
      return { json: [camera(501, '东门摄像机', 'CAM-1'), camera(502, '西门摄像机', 'CAM-2')] };
    }
    if (pathname === '/api/biz/devices.do' && call.method === 'POST') return { json: { id: 77 } };
    return undefined;
  });
}

beforeEach(() => {
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  sessionStorage.setItem('sc.user', JSON.stringify({ userId: 1, projectId: 1, projectName: '根项目甲' }));
});
afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

guardRawText();

/** The wizard on its type step, restored from a draft of a post of project 2 with these properties. */
async function typeStep(props: Record<string, unknown>) {
  sessionStorage.setItem(
    draftKey('biz', undefined),
    JSON.stringify({ values: { name: '呼叫柱1', no: 'ECE-1', type: ECE, modelId: 14, projectId: 2, props }, step: 1 }),
  );
  renderWithApp(<DeviceEditPage />, { path: PATH });
  const step = await screen.findByTestId('step-type');
  await waitFor(() => expect(step.style.display).toBe(''));
  return step;
}

describe.each(['zh_CN', 'en_US'] as const)('the linked camera of a post (%s)', (lang) => {
  const text = TEXTS[lang];

  it("picks a camera of the post's project by name and saves its id", async () => {
    await changeLang(lang);
    const { calls } = serve();
    const user = userEvent.setup();
    const step = await typeStep({});
    await user.click(within(step).getByLabelText(text.field));
    expect(await screen.findByTitle('西门摄像机 (CAM-2)')).toBeTruthy();
    expect(cameraQueries[0]?.get('projectId')).toBe('2');
    await user.click(await screen.findByTitle('东门摄像机 (CAM-1)'));
    await user.click(screen.getByRole('button', { name: text.next }));
    await user.click(screen.getByRole('button', { name: text.next }));
    const summary = screen.getByTestId('step-summary');
    await waitFor(() => expect(summary.style.display).toBe(''));
    expect(within(summary).getByText('东门摄像机 (CAM-1)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: text.save }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body?.get('props') ?? '')).toEqual({ linkedCameraId: 501 });
  });

  it('says in words that a stored camera is gone, never its id, in the field and the summary', async () => {
    await changeLang(lang);
    serve();
    const user = userEvent.setup();
    const step = await typeStep({ linkedCameraId: GONE });
    expect(await within(step).findByText(text.gone)).toBeTruthy();
    expect(within(step).queryByText(String(GONE))).toBeNull();
    await user.click(screen.getByRole('button', { name: text.next }));
    await user.click(screen.getByRole('button', { name: text.next }));
    const summary = screen.getByTestId('step-summary');
    await waitFor(() => expect(summary.style.display).toBe(''));
    expect(within(summary).getByText(text.gone)).toBeTruthy();
    expect(within(summary).queryByText(String(GONE))).toBeNull();
  });
});
