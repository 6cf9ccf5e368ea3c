import type { Lang } from '@sc/contract';
import { deviceScreenKeys } from '@sc/contract/families/kit';
import type { ReactNode } from 'react';
import { type FamilyData, familyScreens, listedSample, type openDevice, PROJECT_ID } from '../../test/family-page';

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

/**
 * A device family's screen tests (familyScreens) from its slug: its list screen `/pjt/pjtdevice<slug>list`
 * (`LIST`), its calls `/api/pjts/2/iot/<slug>` (`BASE`) and its device page `/pjt/pjtdevice<slug>?id=<id>`
 * (`PAGE`, the `device`'s; its testids prefixed with the slug), with the helpers bound to the family's
 * pages (`listPage` and `devicePage`, elements) and paths.
 */
export function deviceScreens(
  slug: string,
  {
    listPage,
    devicePage,
    ...data
  }: Omit<FamilyData, 'screen' | 'base' | 'list' | 'device'> & {
    listPage: ReactNode;
    devicePage: ReactNode;
    list: Named[];
    device: Named;
  },
) {
  const keys = deviceScreenKeys(slug);
  const LIST = `/pjt/${keys.list}`;
  const BASE = `/api/pjts/${PROJECT_ID}/iot/${slug}`;
  const PAGE = `/pjt/${keys.device}?id=${data.device.id}`;
  const family = familyScreens({ ...data, screen: LIST, base: BASE });
  const idOf = (name: string) => data.list.find((r) => r.name === name)!.id;
  return {
    ...family,
    LIST,
    BASE,
    PAGE,
    /** Renders the list (for a user of `level`) and waits for the row showing `name`. */
    openList: (name: string, level?: number) => family.openList(listPage, LIST, name, level),
    /** Renders the device page and waits for the device's name. */
    openPage: (options?: Parameters<typeof openDevice>[4]) => family.openDevice(devicePage, PAGE, slug, options),
    /** The device page's card `testId`, in `lang`. */
    openCard: (testId: string, lang: Lang) => family.openCard(devicePage, PAGE, testId, lang),
    /** The list's registration tests: the listed device `register` registered (its POST to `<BASE>/<id>/register`), none shown on the row `hidden` below the edit level. */
    registrationTests: ({ register, hidden }: { register?: string; hidden?: string }) =>
      family.registrationTests(listPage, LIST, {
        register: register === undefined ? undefined : [register, `${BASE}/${idOf(register)}/register`],
        hidden,
      }),
    /** The device page's guards (familyScreens' guardTests). */
    guardTests: (guards: Parameters<ReturnType<typeof familyScreens>['guardTests']>[2]) =>
      family.guardTests(devicePage, PAGE, guards),
  };
}
