import { FAMILY_MANIFESTS } from '@sc/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../api/report';
import { changeLang } from '../../i18n/i18n';
import DeviceEditPage from '../../pages/biz/deviceedit/device-edit-page';
import { draftKey } from '../../pages/biz/deviceedit/device-form';
import { frameAnswers, TREE } from '../../pages/man/projectlist/test-fixtures';
import { guardRawText } from '../../test/raw-guard';
import { type Call, mockFetch, renderWithApp } from '../../test/render';

/**
 * The shared device wizard (pages/biz/deviceedit) with an environment monitor: its properties (pick
 * interval, public display) on the third step. A family with port fields shows the network step's rules.
 */
const PATH = '/biz/deviceedit';
const PORTS = FAMILY_MANIFESTS.find((f) => f.network.includes('minPort'))!.type;
const TYPES = [
  { id: 1, name: '环境监测仪', no: 'envmonitor', builtin: true, icon: null, deviceCount: 0, createdAt: '' },
  { id: 2, name: 'LED屏', no: 'led', builtin: true, icon: null, deviceCount: 0, createdAt: '' },
  { id: 3, name: '摄像机', no: PORTS, builtin: true, icon: null, deviceCount: 0, createdAt: '' },
];
const model = (id: number, no: string, typeNo: string) => ({
  id,
  name: no.toUpperCase(),
  no,
  factoryId: 9,
  factoryName: 'HikVision',
  typeNo,
  typeName: typeNo,
  description: '',
  builtin: true,
  deviceCount: 0,
  createdAt: '',
});
const MODELS: Record<string, unknown[]> = {
  envmonitor: [model(11, 'envrs485', 'envmonitor')],
  led: [model(12, 'ledxx', 'led')],
  [PORTS]: [model(13, 'hikisc', PORTS)],
};

function serve(extra: (call: Call) => { status?: number; json?: unknown } | undefined = () => undefined) {
  return mockFetch((call) => {
    const frame = frameAnswers(PATH, 5, call);
    if (frame) return frame;
    const { pathname, searchParams } = call.url;
    if (pathname === '/api/projects.do/trees') return { json: TREE };
    if (pathname === '/api/bas/devicetypes.do') return { json: TYPES };
    if (pathname === '/api/bas/devicemodels.do') return { json: MODELS[searchParams.get('typeNo') ?? ''] ?? [] };
    if (pathname === '/api/biz/deviceareas.do' || pathname === '/api/biz/devicegroups.do') return { json: [] };
    if (pathname === '/api/biz/devices.do' && call.method === 'GET') return { json: [] };
    return extra(call);
  });
}

/** A valid base step, as a draft (the wizard restores it). */
function seedDraft(values: Record<string, unknown>, step = 0) {
  sessionStorage.setItem(
    draftKey('biz', undefined),
    JSON.stringify({
      values: {
        name: '监测仪一号',
        no: 'ENV-001',
        type: 'envmonitor',
        modelId: 11,
        projectId: 2,
        props: {},
        ...values,
      },
      step,
    }),
  );
}

const next = () => screen.getByRole('button', { name: /下一步/ });

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  sessionStorage.setItem('sc.user', JSON.stringify({ userId: 1, projectId: 1, projectName: '根项目甲' }));
});
afterEach(() => vi.unstubAllGlobals());

guardRawText();

describe('DeviceWizard', () => {
  it('shows the contract messages of the base step and does not move on', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<DeviceEditPage />, { path: PATH });
    await screen.findByTestId('device-wizard');
    await user.type(await screen.findByLabelText('设备名称'), 'a');
    await user.click(next());
    const base = screen.getByTestId('step-base');
    expect(await within(base).findByText('请选择设备类型')).toBeTruthy();
    expect(within(base).getByText('请选择所属项目')).toBeTruthy();
    expect(within(base).getByText('请选择设备型号')).toBeTruthy();
    expect(screen.getByTestId('step-base').style.display).toBe('');
  });

  it('swaps the type step fields when the type changes, validating them with the family', async () => {
    serve();
    seedDraft({});
    const user = userEvent.setup();
    renderWithApp(<DeviceEditPage />, { path: PATH });
    await screen.findByTestId('draft-restored');
    await user.click(next());
    const typeStep = screen.getByTestId('step-type');
    await waitFor(() => expect(typeStep.style.display).toBe(''));
    expect(within(typeStep).getByText('采集间隔')).toBeTruthy();
    expect(within(typeStep).queryByText('屏幕宽度')).toBeNull();
    await user.type(within(typeStep).getByLabelText('采集间隔'), '10');
    await user.click(next());
    expect(await within(typeStep).findByText('允许的取值范围：30 - 3600。')).toBeTruthy();

    // Back to the base step: another type.
    await user.click(screen.getByRole('button', { name: /上一步/ }));
    await user.click(screen.getByLabelText('设备类型'));
    await user.click(await screen.findByTitle('LED屏'));
    await user.click(screen.getByLabelText('设备型号'));
    await user.click(await screen.findByTitle('LEDXX (ledxx)'));
    await user.click(next());
    await waitFor(() => expect(typeStep.style.display).toBe(''));
    expect(within(typeStep).getByText('屏幕宽度')).toBeTruthy();
    expect(within(typeStep).queryByText('采集间隔')).toBeNull();
  });

  it('reports the port order when the minimum port is not below the maximum', async () => {
    serve();
    seedDraft({ type: PORTS, modelId: 13, minPort: 3000, maxPort: 2000 }, 1);
    const user = userEvent.setup();
    renderWithApp(<DeviceEditPage />, { path: PATH });
    await screen.findByTestId('draft-restored');
    await user.click(next());
    expect(await screen.findByText('最小端口必须小于最大端口')).toBeTruthy();
  });

  it('restores the draft after a remount, and discards it on request', async () => {
    serve();
    const user = userEvent.setup();
    const first = renderWithApp(<DeviceEditPage />, { path: PATH });
    await user.type(await screen.findByLabelText('设备名称'), '草稿设备');
    first.unmount();

    renderWithApp(<DeviceEditPage />, { path: PATH });
    expect(await screen.findByTestId('draft-restored')).toBeTruthy();
    expect((screen.getByLabelText('设备名称') as HTMLInputElement).value).toBe('草稿设备');
    await user.click(screen.getByRole('button', { name: /丢弃草稿/ }));
    await waitFor(() => expect((screen.getByLabelText('设备名称') as HTMLInputElement).value).toBe(''));
    expect(sessionStorage.getItem(draftKey('biz', undefined))).toBeNull();
  });

  it('posts props as JSON and jumps to the step of a server field error', async () => {
    const { calls } = serve((call) =>
      call.method === 'POST' && call.url.pathname === '/api/biz/devices.do'
        ? {
            status: 400,
            json: {
              statusCode: 400,
              code: 'VALIDATION',
              message: '参数错误',
              errors: [{ field: 'props.pickInterval', message: '服务器：采集间隔无效' }],
            },
          }
        : undefined,
    );
    seedDraft({ props: { pickInterval: 60, public: true }, lng: 119.5, lat: 32.1 }, 3);
    const user = userEvent.setup();
    renderWithApp(<DeviceEditPage />, { path: PATH });
    await screen.findByTestId('step-summary');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body?.get('type')).toBe('envmonitor');
    expect(JSON.parse(post.body?.get('props') ?? '')).toEqual({ pickInterval: 60, public: true });
    expect(post.body?.get('lng')).toBe('119.5');
    const typeStep = screen.getByTestId('step-type');
    await waitFor(() => expect(typeStep.style.display).toBe(''));
    expect(within(typeStep).getByText('服务器：采集间隔无效')).toBeTruthy();
    // Not saved: the draft stays.
    await act(async () => {});
    expect(sessionStorage.getItem(draftKey('biz', undefined))).not.toBeNull();
  });
});
