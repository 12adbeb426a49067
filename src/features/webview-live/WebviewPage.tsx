/**
 * WebView: the running project's WebView screens, live (issue 23; specification §2 `/app/web-view`,
 * §3 WebView, §8 WebView errors). The screens come from `webview.screens` (RTK Query); the live
 * values, the writes and every state of the connection from the `webviewSession` machine, whose
 * socket is `/ws/webview`. The page reads the machine's tags and sends it events.
 */
import { useCallback } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { errorCodeOf } from '../../../contract/failure';
import { STALE_AFTER_MS, WRITE_TIMEOUT_MS, webviewSessionMachine, type TagValue } from '../../../machines/webview-session.machine';
import { useAppDispatch, type AppStore } from '../../../store';
import { useWebviewScreensQuery, type WebviewScreens } from '../../../store/api/webview-endpoints';
import { invalidTokenDetected } from '../../../store/session-slice';
import { useMachineActor } from '../../app/use-machine-actor';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { ScreenCanvas } from './ScreenCanvas';
import { webviewSocket } from './webview-socket';

export const WEBVIEW_NS = 'webview-live';

export default function WebviewPage() {
  const { t } = useTranslation(WEBVIEW_NS);
  const query = useWebviewScreensQuery();
  const code = query.isError ? errorCodeOf(query.error) : null;
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.webview', { ns: 'shell' })}
      </Typography>
      {query.data ? (
        <LiveScreens data={query.data} />
      ) : code === 'no_running_project' ? (
        <LoadFailed message={t('no_project')} onRetry={() => void query.refetch()} />
      ) : code === 'webview_disabled' ? (
        <LoadFailed message={t('state.disabled')} onRetry={() => void query.refetch()} />
      ) : query.isError ? (
        <LoadFailed message={t('load_failed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Loading label={t('loading')} />
      )}
    </Box>
  );
}

/** What the session says above the screen in each state, and the button it offers. */
function SessionNotice({ state, onRetry, onSignIn }: { state: SessionState; onRetry(): void; onSignIn(): void }) {
  const { t } = useTranslation(WEBVIEW_NS);
  switch (state) {
    case 'live':
      return null;
    case 'connecting':
      return (
        <Alert severity="info" role="status" data-testid="webview-state">
          {t('state.connecting')}
        </Alert>
      );
    case 'reconnecting':
      return (
        <Alert severity="warning" role="status" data-testid="webview-state">
          {t('state.reconnecting')}
        </Alert>
      );
    case 'stale':
      return (
        <Alert severity="warning" role="status" data-testid="webview-state">
          {t('state.stale', { seconds: STALE_AFTER_MS / 1000 })}
        </Alert>
      );
    case 'signed_out':
    case 'full':
    case 'disabled':
      return (
        <Alert
          severity={state === 'disabled' ? 'info' : 'warning'}
          data-testid="webview-state"
          action={
            <Button color="inherit" onClick={onRetry} sx={{ minHeight: 44 }}>
              {t(state === 'signed_out' ? 'actions.reconnect' : 'actions.retry')}
            </Button>
          }
        >
          {t(`state.${state}`)}
        </Alert>
      );
    case 'unauthorized':
      return (
        <Alert
          severity="error"
          data-testid="webview-state"
          action={
            <Button color="inherit" onClick={onSignIn} sx={{ minHeight: 44 }}>
              {t('actions.sign_in')}
            </Button>
          }
        >
          {t('state.unauthorized')}
        </Alert>
      );
    case 'unsupported':
      return (
        <Alert severity="error" data-testid="webview-state">
          {t('state.unsupported')}
        </Alert>
      );
  }
}

const SESSION_STATES = ['live', 'connecting', 'reconnecting', 'stale', 'signed_out', 'full', 'disabled', 'unauthorized', 'unsupported'] as const;
type SessionState = (typeof SESSION_STATES)[number];

function LiveScreens({ data }: { data: WebviewScreens }) {
  const { t, i18n } = useTranslation(WEBVIEW_NS);
  const store = useStore() as AppStore;
  const dispatch = useAppDispatch();
  const actor = useMachineActor(webviewSessionMachine, {
    input: { screen: data.screens[0]?.id ?? null, supported: typeof globalThis.WebSocket === 'function' },
    actors: { socket: webviewSocket(() => store.getState().session.accessToken) },
    actions: { reportUnauthorized: () => dispatch(invalidTokenDetected()) },
  });
  const state = useSelector(actor, (s) => SESSION_STATES.find((tag) => s.hasTag(tag)) ?? 'connecting');
  const context = useSelector(actor, (s) => s.context);
  const screen = data.screens.find((s) => s.id === context.screen) ?? data.screens[0];
  const viewOnly = data.role === 'view_only';
  const activity = () => actor.send({ type: 'user.activity' });
  // Stable, so that a value's arrival draws again only the elements of its tag (ScreenCanvas).
  const write = useCallback((tag: string, value: TagValue) => actor.send({ type: 'tag.write', tag, value }), [actor]);

  if (!screen) {
    return <Alert severity="info">{t('no_screens')}</Alert>;
  }
  return (
    <Stack spacing={2} onPointerDown={activity} onKeyDown={activity}>
      {state === 'connecting' ? null : (
        <SessionNotice state={state} onRetry={() => actor.send({ type: 'session.retry' })} onSignIn={() => dispatch(invalidTokenDetected())} />
      )}
      {viewOnly && (
        <Alert severity="info" data-testid="view-only">
          {t('view_only')}
        </Alert>
      )}
      {context.lastWriteError && (
        <Alert
          severity="error"
          role="alert"
          onClose={() => actor.send({ type: 'write.dismiss' })}
          slotProps={{ closeButton: { title: t('actions.dismiss'), 'aria-label': t('actions.dismiss'), sx: { minWidth: 44, minHeight: 44 } } }}
        >
          {t(`write_failed.${context.lastWriteError.error}`, { tag: context.lastWriteError.tag, seconds: WRITE_TIMEOUT_MS / 1000 })}
        </Alert>
      )}
      {data.screens.length > 1 && (
        <Tabs
          value={screen.id}
          onChange={(_, id: number) => actor.send({ type: 'screen.follow', id })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('screen_list')}
        >
          {data.screens.map((s) => (
            <Tab key={s.id} value={s.id} label={s.name} sx={{ minHeight: 44 }} />
          ))}
        </Tabs>
      )}
      {/* "Connecting" lies over the screen's top rather than above it: the screen does not jump up
          when the first values arrive (a layout shift on every opening of the page). */}
      <Box sx={{ position: 'relative' }}>
        {state === 'connecting' ? (
          <Box sx={{ position: 'absolute', top: 8, left: 8, right: 8, zIndex: 1, boxShadow: 2, borderRadius: 1 }}>
            <SessionNotice state={state} onRetry={() => actor.send({ type: 'session.retry' })} onSignIn={() => dispatch(invalidTokenDetected())} />
          </Box>
        ) : null}
        <ScreenCanvas
          screen={screen}
          tags={data.tags}
          values={context.values}
          pending={context.pending}
          current={state === 'live'}
          canWrite={!viewOnly && state === 'live'}
          language={i18n.language}
          onWrite={write}
        />
      </Box>
    </Stack>
  );
}
