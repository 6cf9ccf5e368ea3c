import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../api/report';
import { changeLang } from '../../i18n/i18n';
import { mockFetch, renderWithApp } from '../../test/render';
import { UnreadCount } from './unread-count';

const serve = (answer: object) =>
  mockFetch((call) => {
    if (call.url.pathname === '/api/pub/runningparams.do') return { json: { pageSize: 25 } };
    if (call.url.pathname === '/api/sitemessages.do/count/unread') return { json: answer };
    return undefined;
  });

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe('the bell', () => {
  it('shows the unread device alarms by level beside the unread count', async () => {
    serve({ count: 5, alarms: { alarm: 2, warning: 1 } });
    renderWithApp(<UnreadCount />, { path: '/index' });
    await screen.findByText('共 5 条未读消息');
    const alarm = await screen.findByTestId('unread-alarm');
    expect(alarm.getAttribute('aria-label')).toBe('未读告警 2 条');
    expect(alarm.textContent).toBe('2');
    expect(screen.getByTestId('unread-warning').getAttribute('aria-label')).toBe('未读预警 1 条');
    await changeLang('en_US');
    await waitFor(() => expect(screen.getByTestId('unread-alarm').getAttribute('aria-label')).toBe('2 unread alarms'));
  });

  it('shows no level without unread alarms', async () => {
    serve({ count: 3, alarms: { alarm: 0, warning: 0 } });
    renderWithApp(<UnreadCount />, { path: '/index' });
    await screen.findByText('共 3 条未读消息');
    expect(screen.queryByTestId('unread-alarm')).toBeNull();
    expect(screen.queryByTestId('unread-warning')).toBeNull();
  });
});
