import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { GuestOnly, RequireSession } from './guards';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

/** A screen as a lazy route: its own chunk, loaded the first time the route is visited. */
export const screen = (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] => async () => ({
  Component: (await load()).default,
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to="/app" replace /> },
      {
        element: <GuestOnly mode="admin" />,
        children: [{ path: '/admin/login', lazy: screen(() => import(/* webpackChunkName: "login" */ '../features/login/AdminLoginPage')) }],
      },
      {
        element: <GuestOnly mode="app" />,
        children: [{ path: '/app/login', lazy: screen(() => import(/* webpackChunkName: "login" */ '../features/login/AppLoginPage')) }],
      },
      { path: '/app/404', lazy: screen(() => import(/* webpackChunkName: "not-found" */ '../features/not-found/NotFoundPage')) },
      {
        element: <RequireSession mode="admin" />,
        children: [{ path: '/admin/*', element: <Navigate to="/app/404" replace /> }],
      },
      {
        element: <RequireSession mode="app" />,
        children: [{ path: '/app/*', element: <Navigate to="/app/404" replace /> }],
      },
      { path: '*', element: <Navigate to="/app/404" replace /> },
    ],
  },
];
