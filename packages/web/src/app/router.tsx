import { lazy } from 'react';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { FullPageSpin } from './full-page-spin';
import { loginLoader, type RouterPosition } from './guard';

const LoginPage = lazy(() => import('../pages/login/login-page'));

/**
 * The routes the console starts with: the two login pages and a catch-all. The catalogue's routes
 * (frame-routes.tsx) join them on the first navigation elsewhere (`patchRoutesOnNavigation`), so
 * the login page carries neither the catalogue nor the families' calls.
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      hydrateFallbackElement: <FullPageSpin />,
      children: [
        { path: '/', loader: () => redirect('/index') },
        { path: '/index', loader: loginLoader, element: <LoginPage variant="user" /> },
        { path: '/man/manindex', loader: loginLoader, element: <LoginPage variant="manage" /> },
        { path: '*', loader: () => redirect('/') },
      ],
    },
  ];
}

/** Adds the catalogue's routes under `root`, once (they outrank the catch-all). */
export function catalogueRoutes(position: () => RouterPosition) {
  let added: Promise<void> | null = null;
  return ({ patch }: { patch: (routeId: string | null, children: RouteObject[]) => void }) => {
    added ??= import('./frame-routes').then(({ frameRoutes }) => patch('root', frameRoutes(position)));
    return added;
  };
}

export function createAppRouter() {
  const router = createBrowserRouter(appRoutes(), {
    patchRoutesOnNavigation: catalogueRoutes(() => router.state),
  });
  return router;
}
