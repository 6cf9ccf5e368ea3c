import { FAMILY_MANIFESTS } from '@sc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { guardRawText } from '../../../test/raw-guard';
import { type Call, mockFetch, renderWithApp } from '../../../test/render';
import { frameAnswers, TREE } from '../../man/projectlist/test-fixtures';
import DeviceListPage from './device-list-page';

/** The type-properties view reads a property naming another device (a post's linked camera) by name. */
const PATH = '/biz/devicelist';
/** The family whose type properties name another device (the emergency call post's linked camera). */
const LINKING = FAMILY_MANIFESTS.find((f) => f.fields.some((field) => field.kind === 'device'))!;
const ECE = LINKING.type;
/** The type of the device it names (a camera). */
const CAMERA = LINKING.fields.find((field) => field.kind === 'device')!.refType!;
const post = (id: number, name: string, linkedCameraId: number) => ({
  id,
  name,
  no: `ECE-${id}`,
  type: ECE,
  typeName: '紧急呼叫设备',
  modelName: 'ECEISC',
  projectId: 2,
  projectName: '子项目乙',
  activeState: 1,
  registered: true,
  lng: null,
  lat: null,
  equipmentId: `EQ${id}`,
  ip: '',
  props: { linkedCameraId },
});

const TEXTS = {
  zh_CN: { view: '类型属性', pick: '选择设备类型', type: '紧急呼叫设备', gone: '所选设备已不存在或已不在本项目中' },
  en_US: {
    view: 'Type properties',
    pick: 'Pick a device type',
    type: 'Emergency call post',
    gone: 'The chosen device no longer exists or is no longer in the project',
  },
} as const;

function serve() {
  return mockFetch((call: Call) => {
    const frame = frameAnswers(PATH, 5, call);
    if (frame) return frame;
    const { pathname, searchParams } = call.url;
    if (pathname === '/api/projects.do/trees') return { json: TREE };
    if (pathname === '/api/bas/devicetypes.do') return { json: [{ id: 1, name: '紧急呼叫设备', no: ECE, icon: null }] };
    if (pathname === '/api/biz/devices.do/pages')
      return {
        json: { list: [post(5, '东门呼叫柱', 501), post(6, '西门呼叫柱', 999)], total: 2, page: 1, pageSize: 25 },
      };
    if (pathname === '/api/biz/devices.do' && searchParams.get('type') === CAMERA)
      return { json: [{ id: 501, name: '东门摄像机', no: 'CAM-1', type: CAMERA, projectId: 2 }] };
    return undefined;
  });
}

beforeEach(() => setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() }));
afterEach(() => vi.unstubAllGlobals());

guardRawText();

describe.each(['zh_CN', 'en_US'] as const)('the type-properties view of posts (%s)', (lang) => {
  const text = TEXTS[lang];

  it('shows the linked camera by name, and a gone one in words, never an id', async () => {
    await changeLang(lang);
    serve();
    const user = userEvent.setup();
    renderWithApp(<DeviceListPage />, { path: PATH });
    await user.click(await screen.findByText(text.view));
    await user.click(screen.getByLabelText(text.pick));
    await user.click(await screen.findByTitle(text.type));
    const first = (await screen.findByText('东门呼叫柱')).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(first).getByText('东门摄像机 (CAM-1)')).toBeTruthy());
    const second = screen.getByText('西门呼叫柱').closest('tr') as HTMLElement;
    expect(within(second).getByText(text.gone)).toBeTruthy();
    expect(within(second).queryByText('999')).toBeNull();
    expect(within(first).queryByText('501')).toBeNull();
  });
});
