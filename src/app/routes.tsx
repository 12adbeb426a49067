import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { GuestOnly, RequireSession } from './guards';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { AuthRedirect } from './AuthRedirect';
import { AppHome } from './AppHome';
import { ADMIN_SCREENS, APP_SCREENS, type Screen } from './screens';
import { homeOf, type Mode } from './paths';
import { loadShellTexts, loadTexts } from '../i18n/i18n';
import { loadScreen, loadShell } from './route-chunks';
import { isFrameMounted } from './frame';

/** A page as a lazy route: its own chunk, loaded the first time the route is visited. */
const page = (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] => async () => ({
  Component: (await load()).default,
});

/**
 * A menu screen: its own chunk, behind the check of the account's menus, shown once its area's
 * texts are there too (loaded with the chunk, not after it: the screen renders once). Opened from
 * another screen, the route waits for both before it changes (the router's progress bar shows).
 * On a page's first load it does not: the frame (top bar, menu, warnings) renders as soon as its
 * own code and reads are there, and the screen follows in a render of its own (the Suspense
 * around it in ShellLayout). A slow tablet then paints the frame without waiting for the screen's
 * chunk (the data log's is 200 KB), and never runs both renders as one long task.
 */
function screenRoute(screen: Screen, mode: Mode): RouteObject {
  const ready = () => Promise.all([loadScreen(screen), screen.textNamespace ? loadTexts(screen.textNamespace) : undefined]);
  const Component = lazy(async () => {
    const [[{ RequireMenu }, { default: Page }]] = await ready();
    return {
      default: () => (
        <RequireMenu menu={screen.menu} home={homeOf(mode)}>
          <Page />
        </RequireMenu>
      ),
    };
  });
  return {
    path: screen.path,
    lazy: async () => {
      if (isFrameMounted()) await ready();
      return { Component };
    },
  };
}

/** The signed-in frame, with everything only a signed-in user needs, in a chunk of its own so
 * the login route stays small. */
const shell = (mode: Mode): RouteObject['lazy'] => async () => {
  const [[{ ShellLayout }]] = await Promise.all([loadShell(), loadShellTexts()]);
  return { Component: () => <ShellLayout mode={mode} /> };
};

const notFound = page(() => import(/* webpackChunkName: "not-found" */ '../features/not-found/NotFoundPage'));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to="/app" replace /> },
      { path: '/auth-redirect', element: <AuthRedirect /> },
      {
        element: <GuestOnly mode="admin" />,
        children: [{ path: '/admin/login', lazy: page(() => import(/* webpackChunkName: "login" */ '../features/login/AdminLoginPage')) }],
      },
      {
        element: <GuestOnly mode="app" />,
        children: [{ path: '/app/login', lazy: page(() => import(/* webpackChunkName: "login" */ '../features/login/AppLoginPage')) }],
      },
      {
        element: <RequireSession mode="admin" />,
        children: [
          {
            lazy: shell('admin'),
            children: [
              { path: '/admin', element: <Navigate to={homeOf('admin')} replace /> },
              ...ADMIN_SCREENS.map((s) => screenRoute(s, 'admin')),
              { path: '/admin/*', element: <Navigate to="/app/404" replace /> },
            ],
          },
        ],
      },
      {
        element: <RequireSession mode="app" />,
        children: [
          { path: '/app/404', lazy: notFound },
          {
            lazy: shell('app'),
            children: [
              { path: '/app', element: <AppHome /> },
              ...APP_SCREENS.map((s) => screenRoute(s, 'app')),
              { path: '/app/*', element: <Navigate to="/app/404" replace /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/app/404" replace /> },
    ],
  },
];
