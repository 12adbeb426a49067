import { lazy, Suspense, useEffect } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useBlocker, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../store';
import { opcuaApi } from '../../../store/api/opcua-endpoints';
import { selectUsername } from '../../../store/session-slice';
import { Loading } from '../../components/Loading';
import { OPCUA_NS } from './messages';
import { ServerSettingsCard } from './ServerSettingsCard';
import { StatusCard } from './StatusCard';
import { TraceLogCard } from './TraceLogCard';
import { useOpcuaServer } from './use-opcua-server';
import { useTagsDraft } from './use-tags-draft';

export const OPCUA_TABS = ['server', 'tags', 'certificates'] as const;
export type OpcuaTab = (typeof OPCUA_TABS)[number];

// The Tags and Certificates tabs (the node tree editor, the certificate lists: a third of this
// screen's code) load when they are opened, or ahead when a pointer comes down on their tab or the
// keyboard focuses it; the Server tab, the one the screen opens on, does not wait for them.
const TAB_LOADERS = {
  tags: () => import(/* webpackChunkName: "opcua-tags" */ './TagsTab'),
  certificates: () => import(/* webpackChunkName: "opcua-certificates" */ './CertificatesTab'),
};
const TagsTab = lazy(() => TAB_LOADERS.tags().then((m) => ({ default: m.TagsTab })));
const CertificatesTab = lazy(() => TAB_LOADERS.certificates().then((m) => ({ default: m.CertificatesTab })));
const prefetchTab = (tab: OpcuaTab) => {
  if (tab !== 'server') void TAB_LOADERS[tab]().catch(() => undefined);
};
// The question before leaving unsaved tags: edits are made on the Tags tab, which has loaded the
// dialogs by then; the Server tab the screen opens on does not load them.
const ConfirmDialog = lazy(() => import(/* webpackChunkName: "opcua-tags" */ './dialogs').then((m) => ({ default: m.ConfirmDialog })));

/** Asks before the page is left with tags edited and not saved: inside the console (another
 * screen) with a dialog, and the browser's own question for a reload or a closed tab. */
function UnsavedEditsGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation(OPCUA_NS);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  if (blocker.state !== 'blocked') return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open
        danger
        title={t('unsaved.title')}
        confirm={t('unsaved.leave')}
        onClose={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      >
        {t('unsaved.text')}
      </ConfirmDialog>
    </Suspense>
  );
}

/** An account granted the OPC UA menu (not admin) reads the tags; every other call is admin's. */
function TagsOnlyPage() {
  const { t } = useTranslation(OPCUA_NS);
  const draft = useTagsDraft(() => undefined);
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.opcua', { ns: 'shell' })}
      </Typography>
      <Suspense fallback={<Loading label={t('tags.loading')} />}>
        <TagsTab draft={draft} readOnly />
      </Suspense>
    </Box>
  );
}

/**
 * Features / OPC UA (specification §3, §4): the server (its state, settings and trace log), its
 * tags (the node tree editor) and its certificates, one tab each (`?tab=server|tags|certificates`,
 * so a link can open one). Every call but reading the tags is admin's: an account granted the OPC
 * UA menu sees the tags only, without editing them.
 */
export default function OpcuaPage() {
  const username = useAppSelector(selectUsername);
  return username === 'admin' ? <AdminPage /> : <TagsOnlyPage />;
}

function AdminPage() {
  const { t } = useTranslation(OPCUA_NS);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: OpcuaTab = OPCUA_TABS.includes(asked as OpcuaTab) ? (asked as OpcuaTab) : 'server';

  const server = useOpcuaServer();
  const changed = () => server.changed(server.status?.enabled ?? false);
  const draft = useTagsDraft(changed);
  const choose = (next: OpcuaTab) =>
    setParams(
      (now) => {
        const p = new URLSearchParams(now);
        p.set('tab', next);
        return p;
      },
      { replace: true },
    );

  // The certificates as last read (a Trust or a Remove answers them at once) say it before the next
  // status does; a status that counts otherwise (a client refused since) has them read again.
  const certificates = opcuaApi.endpoints.opcuaCertificates.useQueryState(undefined);
  const dispatch = useAppDispatch();
  const statusRejected = server.status?.rejected;
  const cachedRejected = certificates.data?.rejected.length;
  useEffect(() => {
    if (statusRejected !== undefined && cachedRejected !== undefined && statusRejected !== cachedRejected) {
      void dispatch(opcuaApi.endpoints.opcuaCertificates.initiate(undefined, { forceRefetch: true, subscribe: false }));
    }
    // Only a new count from the device asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [statusRejected]);
  const rejected = cachedRejected ?? statusRejected ?? 0;
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.opcua', { ns: 'shell' })}
      </Typography>
      <Tabs value={tab} onChange={(_e, v: OpcuaTab) => choose(v)} aria-label={t('tabs.label')} variant="scrollable" sx={{ mb: 2 }}>
        {OPCUA_TABS.map((id) => (
          <Tab
            key={id}
            value={id}
            id={`opcua-tab-${id}`}
            aria-controls={`opcua-panel-${id}`}
            onPointerDown={() => prefetchTab(id)}
            onFocus={() => prefetchTab(id)}
            label={
              id === 'tags' && draft.dirty
                ? t('tabs.tags_unsaved')
                : id === 'certificates' && rejected > 0
                  ? t('tabs.certificates_rejected', { count: rejected })
                  : t(`tabs.${id}`)
            }
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`opcua-panel-${tab}`} aria-labelledby={`opcua-tab-${tab}`}>
        {tab === 'server' ? (
          <Stack spacing={2}>
            <StatusCard server={server} onReviewRejected={() => choose('certificates')} />
            <ServerSettingsCard onSaved={(enabled) => server.changed(enabled)} onRetry={server.retry} restarting={server.phase === 'restarting'} />
            <TraceLogCard />
          </Stack>
        ) : tab === 'tags' ? (
          <Suspense fallback={<Loading label={t('tags.loading')} />}>
            <TagsTab draft={draft} readOnly={false} />
          </Suspense>
        ) : (
          <Suspense fallback={<Loading label={t('certificates.loading')} />}>
            <CertificatesTab onServerChanged={changed} />
          </Suspense>
        )}
      </Box>
      <UnsavedEditsGuard dirty={draft.dirty} />
    </Box>
  );
}
