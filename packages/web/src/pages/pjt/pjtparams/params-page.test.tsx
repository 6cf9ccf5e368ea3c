import type { ProjectParamsView } from '@sc/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serve, setUp, tearDown } from '../../../families/lighting/test-fixtures';
import { changeLang } from '../../../i18n/i18n';
import { guardRawText } from '../../../test/raw-guard';
import { renderWithApp } from '../../../test/render';
import ParamsPage from './params-page';
import { PROJECT_PARAMS_TEXTS } from './texts';

const PATH = '/pjt/pjtparams';
const URL = '/api/pjts/2/projectparams.do';
const VIEW: ProjectParamsView = {
  projectId: 2,
  serverAddress: '10.0.0.8',
  webPort: 8080,
  livePort: 8088,
  mapLng: 119.5,
  mapLat: 32.1,
  mapZoom: 14,
  timezone: 8,
  contactName: '',
  contactPhone: '',
  remark: '',
  saved: false,
  updatedAt: null,
};

beforeEach(setUp);
afterEach(tearDown);
guardRawText();

const serveParams = (level = 5) =>
  serve(
    PATH,
    (call) => {
      if (call.url.pathname !== URL) return undefined;
      if (call.method === 'POST')
        return {
          json: {
            ...VIEW,
            serverAddress: call.body?.get('serverAddress'),
            saved: true,
            updatedAt: '2026-05-01T02:00:00Z',
          },
        };
      return { json: VIEW };
    },
    level,
  );

describe('project parameters', () => {
  it('shows the defaults of a project that never saved, and saves a changed address', async () => {
    const { calls } = serveParams();
    renderWithApp(<ParamsPage />, { path: PATH });
    expect(await screen.findByText('本项目尚未保存参数，下面是默认值')).toBeTruthy();
    const address = screen.getByLabelText('服务器地址') as HTMLInputElement;
    expect(address.value).toBe('10.0.0.8');
    expect((screen.getByLabelText('Web 端口') as HTMLInputElement).value).toBe('8080');
    expect(screen.getByText('UTC+08:00')).toBeTruthy();
    fireEvent.change(address, { target: { value: 'city.example.cn' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('项目参数已保存')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === URL)!;
    expect(post.body?.get('serverAddress')).toBe('city.example.cn');
    expect(post.body?.get('livePort')).toBe('8088');
  }, 60_000);

  it('refuses a port out of range and a bad address with the contract messages, in English too', async () => {
    const { calls } = serveParams();
    await changeLang('en_US');
    renderWithApp(<ParamsPage />, { path: PATH });
    const port = (await screen.findByLabelText('Live port')) as HTMLInputElement;
    fireEvent.change(port, { target: { value: '70000' } });
    fireEvent.change(screen.getByLabelText('Server address'), { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Allowed range: 80 - 65534.')).toBeTruthy();
    expect(await screen.findByText('Enter a valid IPv4 address or domain')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(false));
  }, 60_000);

  it('is read-only for a viewer', async () => {
    serveParams(1);
    renderWithApp(<ParamsPage />, { path: PATH });
    const input = (await screen.findByLabelText('服务器地址')) as HTMLInputElement;
    expect(input.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
  }, 60_000);

  it('has every text in both languages', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
    expect(keys(PROJECT_PARAMS_TEXTS.en_US).sort()).toEqual(keys(PROJECT_PARAMS_TEXTS.zh_CN).sort());
  });
});
