import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../store';
import { selectNotice } from '../../store/app-slice';
import { NavigationProgress } from '../components/NavigationProgress';
import { ADMIN_SCREENS, APP_SCREENS } from './screens';
import { loadNotifier } from './route-chunks';

const SCREEN_TITLES = new Map([...ADMIN_SCREENS, ...APP_SCREENS].map((s) => [s.path, s.titleKey]));

/** The tab's title follows the screen and the language: "<screen> · <console>", the sign-in pages
 * named after their button; a screen title waits for the shell's texts (loaded with the shell). */
function useDocumentTitle(): void {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const titleKey = SCREEN_TITLES.get(pathname);
  const page = titleKey ? t(`shell:${titleKey}`, { defaultValue: '' }) : pathname.endsWith('/login') ? t('login.submit') : '';
  const product = t('app.title');
  useEffect(() => {
    document.title = page ? `${page} · ${product}` : product;
  }, [page, product]);
}


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
  useDocumentTitle();
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
