import type { LoginBody, MenuNode, OkAnswer, PageAuth, RunningParams, SessionUser, UnreadCount } from '@sc/contract';
import { useQuery } from '@tanstack/react-query';
import { useLang } from '../i18n/i18n';
import { api } from './client';

/** Calls of spec 000 §7 "Session" and the main frame. */
export const sessionApi = {
  runningParams: () =>
    api.get<RunningParams>('/api/pub/runningparams.do', undefined, { silent: true }).then((params) => {
      // Spec 000 §3: the system timezone is kept in browser storage with the token and language.
      localStorage.setItem('sc.timezone', String(params.timezone));
      return params;
    }),
  /** The login form shows its own errors inline. */
  login: (body: LoginBody) => api.post<SessionUser>('/api/login.do', { ...body }, { silent: true }),
  autoLogin: () => api.get<SessionUser>('/api/login.do', undefined, { silent: true }),
  logout: () => api.delete<OkAnswer>('/api/login.do', undefined, { silent: true }),
  pageAuth: (desFullPath: string) => api.get<PageAuth>('/api/pageauth.do', { desFullPath }, { silent: true }),
  menus: () => api.get<MenuNode[]>('/api/menus.do'),
  unreadCount: () => api.get<UnreadCount>('/api/sitemessages.do/count/unread'),
  changePassword: (userId: number, body: { oldPassword: string; password: string }) =>
    api.patch<OkAnswer>(`/api/users.do/${userId}/pwd`, body, { silent: true }),
};

export const RUNNING_PARAMS_KEY = ['runningparams'] as const;
export const UNREAD_KEY = ['sitemessages', 'unread'] as const;

export function useRunningParams() {
  return useQuery({ queryKey: RUNNING_PARAMS_KEY, queryFn: sessionApi.runningParams, staleTime: 5 * 60_000 });
}

/** Menu names come localised from the server, so the tree is fetched again per language. */
export const menusKey = (lang: string) => ['menus', lang] as const;

/** The menu tree; `rerender: false` asks for it without re-rendering the caller when it arrives. */
export function useMenus(enabled = true, { rerender = true }: { rerender?: boolean } = {}) {
  const lang = useLang();
  return useQuery({
    queryKey: menusKey(lang),
    queryFn: sessionApi.menus,
    enabled,
    staleTime: 5 * 60_000,
    ...(rerender ? {} : { notifyOnChangeProps: [] }),
  });
}

export function findMenuNode(nodes: MenuNode[] | undefined, match: (node: MenuNode) => boolean): MenuNode | undefined {
  for (const node of nodes ?? []) {
    if (match(node)) return node;
    const child = findMenuNode(node.children, match);
    if (child) return child;
  }
  return undefined;
}
