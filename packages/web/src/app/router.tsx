import { FUNCTIONS, GROUPS, PUBLIC_SCREENS } from '@sc/contract';
import { lazy } from 'react';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { familyTextsLoader } from '../i18n/family-texts';
import { PAGES, PUBLIC_PAGES } from '../pages/registry';
import { FullPageSpin } from './full-page-spin';
import { HOME_PATH, loginLoader, pageGuard, type RouterPosition, signedIn } from './guard';
import { PageSlot } from './page-slot';

const LoginPage = lazy(() => import('../pages/login/login-page'));
const MainFrame = lazy(() => import('./frame/main-frame'));
const PageUnavailable = lazy(() => import('./page-unavailable'));

/**
 * Routes of spec 000 §2, built from the catalogue: every ready function with a registered page
 * lives inside the main frame behind the page guard; group paths redirect.
 */
export function appRoutes(position: () => RouterPosition): RouteObject[] {
  const guard = pageGuard(position);
  const routed = FUNCTIONS.filter((f) => f.ready && PAGES[f.key]);
  const routedPaths = new Set(routed.map((f) => f.path));
  // Listed but not built yet: a page saying so, for a signed-in user (no silent redirect home).
  const unbuilt = FUNCTIONS.filter((f) => !routedPaths.has(f.path));
  const groupPaths = [...new Map(GROUPS.map((g) => [g.path, g])).values()];

  return [
    {
      id: 'root',
      hydrateFallbackElement: <FullPageSpin />,
      children: [
        { path: '/', loader: () => redirect('/index') },
        { path: '/index', loader: loginLoader, element: <LoginPage variant="user" /> },
        { path: '/man/manindex', loader: loginLoader, element: <LoginPage variant="manage" /> },
        // Spec 000 §2 public routes (the catalogue's PUBLIC_SCREENS): no sign-in, outside the main frame.
        ...PUBLIC_SCREENS.flatMap((screen) => {
          const Page = PUBLIC_PAGES[screen.key];
          return Page ? [{ path: screen.path, loader: familyTextsLoader, element: <Page /> }] : [];
        }),
        {
          // The families' texts (menus, family screens) load with the frame, not with the login page.
          loader: familyTextsLoader,
          element: <MainFrame />,
          children: [
            ...groupPaths.map((g) => ({
              path: g.path,
              loader: () => redirect(routedPaths.has(g.redirect) ? g.redirect : HOME_PATH),
            })),
            ...routed.map((f) => ({
              path: f.path,
              loader: guard,
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
        { path: '*', loader: () => redirect('/') },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(appRoutes(() => router.state));
  return router;
}
