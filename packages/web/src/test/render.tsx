import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { expect, vi } from 'vitest';
import { i18n, useLang } from '../i18n/i18n';

/** antd's own texts (placeholders, pagination, select all) in the language shown, as the console's. */
function Themed({ children }: { children: ReactNode }) {
  const lang = useLang();
  return (
    <ConfigProvider locale={lang === 'zh_CN' ? zhCN : enUS} theme={{ token: { motion: false } }}>
      {children}
    </ConfigProvider>
  );
}

let lastClient: QueryClient | null = null;

/** Waits until the query cache of the screen rendered last reads nothing more. */
export const readsSettled = () => waitFor(() => expect(lastClient?.isFetching() ?? 0).toBe(0));

/** Renders with the console's providers: a fresh query cache, i18n, antd's App context and a router. */
export function renderWithApp(ui: ReactNode, { path = '/man/manmain' } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  lastClient = client;
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <Themed>
          <App>
            <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
          </App>
        </Themed>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

export interface Call {
  method: string;
  url: URL;
  body: URLSearchParams | null;
}

type Handler = (call: Call) => { status?: number; json?: unknown } | undefined;

/** A fetch stand-in answering by handler; unanswered calls get 404. Records every call. */
export function mockFetch(handler: Handler) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      method: init?.method ?? 'GET',
      url: new URL(String(input), 'http://localhost'),
      body: init?.body instanceof URLSearchParams ? init.body : null,
    };
    calls.push(call);
    const answer = handler(call) ?? { status: 404, json: { statusCode: 404, code: 'NOT_FOUND', message: 'nope' } };
    return new Response(answer.json === undefined ? '' : JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

type FetchMock = { mock: { calls: unknown[][] } };

/** The body of the first call to a path with that method, as sent. */
function sentBody(fetchMock: FetchMock, pathname: string, method: string): BodyInit | null | undefined {
  const found = fetchMock.mock.calls.find(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return url.pathname === pathname && ((init as RequestInit | undefined)?.method ?? 'GET') === method;
  });
  return (found?.[1] as RequestInit | undefined)?.body;
}

/** The JSON body a call sent (nested values go as JSON). */
export function jsonBody(fetchMock: FetchMock, pathname: string, method = 'POST'): unknown {
  const body = sentBody(fetchMock, pathname, method);
  return typeof body === 'string' ? JSON.parse(body) : undefined;
}

/** Waits until the first call to `pathname` with `method` has sent `body` as JSON (jsonBody). */
export async function expectSentJson(fetchMock: FetchMock, pathname: string, body: unknown, method = 'POST') {
  await waitFor(() => expect(jsonBody(fetchMock, pathname, method)).toEqual(body));
}

/** The form-encoded body a call sent (plain values go as a form), as strings by name. */
export function formBody(fetchMock: FetchMock, pathname: string, method = 'POST'): Record<string, string> | undefined {
  const body = sentBody(fetchMock, pathname, method);
  return body instanceof URLSearchParams ? Object.fromEntries(body) : undefined;
}
