import { FUNCTIONS, GROUPS, PUBLIC_SCREENS } from '@sc/contract';
import { type RouteObject, redirect } from 'react-router';
import { familyTextsLoader } from '../i18n/family-texts';
import { PAGES, PUBLIC_PAGES } from '../pages/registry';
import { HOME_PATH, pageGuard, type RouterPosition, signedIn } from './guard';
import { lazyPage, preloadPage } from './lazy-page';
import { PageSlot } from './page-slot';

const MainFrame = lazyPage(() => import('./frame/main-frame'));
const PageUnavailable = lazyPage(() => import('./page-unavailable'));

/**
 * The catalogue's routes (spec 000 §2): every ready function with a registered page lives inside the
 * main frame behind the page guard, group paths redirect, listed but unbuilt functions say so, and the
 * public screens stand outside the frame. A module of its own, loaded by the router on the first
 * navigation that is not the login page's: the catalogue carries every family's calls, which the
 * login page does not need.
 */
export function frameRoutes(position: () => RouterPosition): RouteObject[] {
  const guard = pageGuard(position);
  const routed = FUNCTIONS.filter((f) => f.ready && PAGES[f.key]);
  const routedPaths = new Set(routed.map((f) => f.path));
  // Listed but not built yet: a page saying so, for a signed-in user (no silent redirect home).
  const unbuilt = FUNCTIONS.filter((f) => !routedPaths.has(f.path));
  const groupPaths = [...new Map(GROUPS.map((g) => [g.path, g])).values()];

  return [
    // Spec 000 §2 public routes (the catalogue's PUBLIC_SCREENS): no sign-in, outside the main frame.
    ...PUBLIC_SCREENS.flatMap((screen) => {
      const Page = PUBLIC_PAGES[screen.key];
      return Page ? [{ path: screen.path, loader: familyTextsLoader, element: <Page /> }] : [];
    }),
    {
      // The families' texts (menus, family screens) load with the frame, not with the login page.
      id: 'frame',
      // The frame's chunk is fetched beside the texts and the page's calls, not after them.
      loader: () => {
        preloadPage(MainFrame);
        return familyTextsLoader();
      },
      element: <MainFrame />,
      children: [
        ...groupPaths.map((g) => ({
          path: g.path,
          loader: () => redirect(routedPaths.has(g.redirect) ? g.redirect : HOME_PATH),
        })),
        ...routed.map((f) => ({
          path: f.path,
          // The screen's chunk loads while the guard asks whether it may be shown.
          loader: (args: { request: Request }) => {
            preloadPage(PAGES[f.key]);
            return guard(args);
          },
          handle: { key: f.key },
          element: <PageSlot page={PAGES[f.key]} />,
        })),
        ...unbuilt.map((f) => ({
          path: f.path,
          loader: signedIn,
          handle: { key: f.key },
          element: <PageUnavailable />,
        })),
      ],
    },
  ];
}
