import type { Lang } from '@sc/contract';
import { deviceScreenKeys } from '@sc/contract/families/kit';
import userEvent from '@testing-library/user-event';
import { createElement, type ReactNode, Suspense } from 'react';
import { describe, it } from 'vitest';
import { startPolicy } from '../../components/schedule/policy-testing';
import { type FamilyData, familyScreens, listedSample, type openDevice, PROJECT_ID } from '../../test/family-page';
import { renderWithApp } from '../../test/render';
import type { FamilyConsole } from '../types';

type Listed = ReturnType<typeof listedSample>;

/**
 * A family list's sample rows: `row(id, name, more)` is the registry's listed fields (listedSample,
 * numbered with `prefix`), then the family's own fields, then what that row changes.
 */
export const listedRows =
  <T extends object>(prefix: string, own: Omit<T, keyof Listed>) =>
  (id: number, name: string, more: Partial<T> = {}): T =>
    ({ ...listedSample(id, name, prefix), ...own, ...more }) as T;

type Named = { id: number; name: string };

/** The rows of a list's registration tests: the one to register, the one to look at below the edit level. */
type Registration = { register?: string; hidden?: string };

/**
 * A device family's screen tests (familyScreens) from its console part (`family`: its slug and screens):
 * its list screen `/pjt/pjtdevice<slug>list` (`LIST`), its calls `/api/pjts/2/iot/<slug>` (`BASE`) and its
 * device page `/pjt/pjtdevice<slug>?id=<id>` (`PAGE`, the `device`'s; its testids prefixed with the slug),
 * with the helpers bound to those two screens (as the console loads them) and paths.
 */
export function deviceScreens(
  family: FamilyConsole,
  data: Omit<FamilyData, 'screen' | 'base' | 'list' | 'device'> & { list: Named[]; device: Named },
) {
  const slug = family.family;
  const keys = deviceScreenKeys(slug);
  /** The family's screen `key`, lazily loaded as in the console. */
  const screenOf = (key: string) => {
    const page = family.pages[key];
    if (!page) throw new Error(`${slug} has no screen ${key}`);
    return createElement(Suspense, null, createElement(page));
  };
  const listPage = screenOf(keys.list);
  const devicePage = screenOf(keys.device);
  const LIST = `/pjt/${keys.list}`;
  const BASE = `/api/pjts/${PROJECT_ID}/iot/${slug}`;
  const PAGE = `/pjt/${keys.device}?id=${data.device.id}`;
  const screens = familyScreens({ ...data, screen: LIST, base: BASE });
  const idOf = (name: string) => data.list.find((r) => r.name === name)!.id;
  const openPage = (options?: Parameters<typeof openDevice>[4]) => screens.openDevice(devicePage, PAGE, slug, options);
  /** The list's registration tests: the listed device `register` registered (its POST to `<BASE>/<id>/register`), none shown on the row `hidden` below the edit level. */
  const registrationTests = ({ register, hidden }: Registration) =>
    screens.registrationTests(listPage, LIST, {
      register: register === undefined ? undefined : [register, `${BASE}/${idOf(register)}/register`],
      hidden,
    });
  return {
    ...screens,
    LIST,
    BASE,
    PAGE,
    /** Renders the list (for a user of `level`) and waits for the row showing `name`. */
    openList: (name: string, level?: number) => screens.openList(listPage, LIST, name, level),
    /** Renders the device page and waits for the device's name. */
    openPage,
    /** The device page's card `testId`, in `lang`. */
    openCard: (testId: string, lang: Lang) => screens.openCard(devicePage, PAGE, testId, lang),
    /**
     * The list's tests, `title`: the family's own (`tests`), then its registration tests (`rows`, as
     * registrationTests); each given 120 s, as the registration tests are.
     */
    listTests: (title: string, rows: Registration, tests: () => void) =>
      describe(title, { timeout: 120_000 }, () => {
        tests();
        registrationTests(rows);
      }),
    /** A test of the device page: `body` once the page shows the device's name, for a user of the edit level. */
    pageTest: (title: string, body: (opened: Awaited<ReturnType<typeof openPage>>) => Promise<void>) =>
      it(title, async () => body(await openPage({ named: data.device.name })), 120_000),
    /** The device page's guards (familyScreens' guardTests). */
    guardTests: (guards: Parameters<ReturnType<typeof familyScreens>['guardTests']>[2]) =>
      screens.guardTests(devicePage, PAGE, guards),
  };
}

/** Renders the policy screen `page` at `path` and starts a new policy there (startPolicy); returns the user. */
export async function startNewPolicy(
  page: ReactNode,
  path: string,
  ready: string,
  names: { name: string; no: string },
) {
  const user = userEvent.setup();
  renderWithApp(page, { path });
  await startPolicy(user, ready, names);
  return user;
}
