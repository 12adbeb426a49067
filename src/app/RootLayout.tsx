import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../store';
import { selectNotice } from '../../store/app-slice';
import { NavigationProgress } from '../components/NavigationProgress';

/** The snackbars' chunk: not on the sign-in page; the signed-in shell loads it up front (routes.tsx),
 * since the notice it must show may be that the panel cannot be reached, when no chunk loads. */
export const loadNotifier = () => import(/* webpackChunkName: "notifier" */ '../components/Notifier');

// Should the chunk still not load, the notice is left unshown rather than taking the screen down.
const Unshown: ComponentType = () => null;
const Notifier = lazy(() =>
  loadNotifier()
    .then((m): { default: ComponentType } => ({ default: m.Notifier }))
    .catch(() => ({ default: Unshown })),
);

/** Above every route: the navigation progress bar and the notices. */
export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const notice = useAppSelector(selectNotice);
  return (
    <>
      {navigation.state !== 'idle' ? <NavigationProgress label={t('common.loading')} /> : null}
      <Outlet />
      {notice ? (
        <Suspense fallback={null}>
          <Notifier />
        </Suspense>
      ) : null}
    </>
  );
}
