import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client.js';
import { createRole, createUser } from './factories.js';
import { form, type TestApp } from './test-app.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one API caller of the server tests: `call(method, url, body?, token?, lang?)` sends the token
 * and language as the console does (query parameters) and a body form-encoded. `app` and `token`
 * are read at call time, so a suite can build its caller before `beforeAll` has signed in.
 */
export function apiCaller(app: () => TestApp, token: () => string, defaultLang = 'en_US') {
  return (
    method: Method,
    url: string,
    body?: Record<string, string>,
    as: string = token(),
    lang = defaultLang,
  ): Promise<LightMyRequestResponse> =>
    app().app.inject({
      method,
      url: `${url}${url.includes('?') ? '&' : '?'}token=${as}&lang=${lang}`,
      ...(body ? form(body) : {}),
    });
}

/** A signed-in user of a role with these levels (function key → level) in the project: their token. */
export async function signInWith(t: TestApp, projectId: number, levels: Record<string, number> = {}) {
  const db: Db = t.database.db;
  const user = await createUser(db, (await createRole(db, projectId, levels)).id);
  return t.token(user.name, user.password);
}
