import { WHM_API } from '@sc/contract/families/whm';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../i18n/i18n';
import { mockFetch } from '../test/render';
import { clientOf, fillPath } from './endpoints';
import { setErrorSinks } from './report';

beforeEach(async () => {
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  await changeLang('zh_CN');
});
afterEach(() => vi.unstubAllGlobals());

describe('the client generated from the endpoint table', () => {
  it('fills the declared path, sends the query and form-encodes a flat body', async () => {
    const { calls } = mockFetch(() => ({ json: { id: 7, peripheralIndex: 2, pickInterval: 300, delivered: false } }));
    const whm = clientOf(WHM_API, { projectId: 3 });
    const saved = await whm.saveConfig({ id: 7, body: { peripheralIndex: 2, pickInterval: 300 } });
    expect(saved.delivered).toBe(false);
    expect(calls[0].method).toBe('PUT');
    expect(calls[0].url.pathname).toBe('/api/pjts/3/iot/whm/7/config');
    expect(calls[0].body?.get('pickInterval')).toBe('300');

    await whm.page({ query: { page: 2, pageSize: 25, includeChildren: true, keyword: undefined } });
    expect(calls[1].url.pathname).toBe('/api/pjts/3/iot/whm/pages');
    expect(calls[1].url.searchParams.get('includeChildren')).toBe('true');
    expect(calls[1].url.searchParams.has('keyword')).toBe(false);
  });

  it('keys a call by its declared path and params, so a prefix covers every page', () => {
    const whm = clientOf(WHM_API, { projectId: 3 });
    const queries = new QueryClient();
    queries.setQueryData(whm.events.key({ id: 7, query: { page: 2 } }), 1);
    queries.setQueryData(whm.events.key({ id: 8, query: { page: 1 } }), 2);
    queries.setQueryData(whm.config.key({ id: 7 }), 3);
    expect(queries.getQueryCache().findAll({ queryKey: whm.events.key({}) })).toHaveLength(2);
    expect(queries.getQueryCache().findAll({ queryKey: whm.events.key({ id: 7 }) })).toHaveLength(1);
  });

  it('links a download with token and language', () => {
    localStorage.setItem('sc.token', 'tok-2');
    const href = clientOf(WHM_API, { projectId: 3 }).export.href({ id: 7, query: { from: '2026-05-01T00:00:00Z' } });
    const url = new URL(href, 'http://localhost');
    expect(url.pathname).toBe('/api/pjts/3/iot/whm/7/reports.do/export');
    expect(url.searchParams.get('from')).toBe('2026-05-01T00:00:00Z');
    expect(url.searchParams.get('token')).toBe('tok-2');
    localStorage.removeItem('sc.token');
  });

  it('refuses a path with a param missing', () => {
    expect(() => fillPath('/api/pjts/:projectId/iot/whm/:id/config', { projectId: 1 })).toThrow(/id is missing/);
  });
});
