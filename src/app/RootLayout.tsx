import { lazy, Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../store';
import { selectNotice } from '../../store/app-slice';
import { NavigationProgress } from '../components/NavigationProgress';

// Snackbars load with the first notice, not with the sign-in page.
const Notifier = lazy(() => import(/* webpackChunkName: "notifier" */ '../components/Notifier').then((m) => ({ default: m.Notifier })));

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
