import { createContext, useContext } from 'react';
import { createActor, fromCallback, fromPromise, type ActorRefFrom, type EventObject } from 'xstate';
import { timeChannelMachine, type TimeSocketEvent } from '../../machines/time-channel.machine';
import { forcedReloginMachine } from '../../machines/forced-relogin.machine';
import { DATETIME_SOCKET_PATH } from '../../contract/api/socket';
import { startAppListening, type AppStore } from '../../store';
import { datetimeTicked } from '../../store/app-slice';
import { invalidTokenDetected, signedIn, signedOut } from '../../store/session-slice';
import { systemApi } from '../../store/api/system-endpoints';
import { registerLiveActor } from './live-actors';

/** Opens `/ws/datetime` (ws or wss like the page), sends the access token as the first message,
 * and reports every message, close and error to the time channel machine. */
export function datetimeSocket(getToken: () => string | null) {
  return fromCallback<EventObject>(({ sendBack }) => {
    const report = (e: TimeSocketEvent) => sendBack(e);
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${window.location.host}${DATETIME_SOCKET_PATH}`);
    let failed = false;
    socket.onopen = () => socket.send(getToken() ?? '');
    socket.onmessage = (e) => report({ type: 'socket.message', time: String(e.data) });
    socket.onerror = () => {
      failed = true;
      report({ type: 'socket.error' });
    };
    socket.onclose = (e) => {
      if (!failed) report({ type: 'socket.closed', code: e.code });
    };
    return () => {
      socket.onclose = null;
      socket.onerror = null;
      socket.onmessage = null;
      socket.close();
    };
  });
}

export function createAppActors(store: AppStore) {
  const timeChannel = createActor(
    timeChannelMachine.provide({
      actors: {
        socket: datetimeSocket(() => store.getState().session.accessToken),
        fetchTime: fromPromise(async () => {
          const result = await store.dispatch(systemApi.endpoints.deviceTime.initiate(undefined, { forceRefetch: true, subscribe: false }));
          if (!result.data) throw new Error('time unavailable');
          return result.data.time;
        }),
      },
      actions: {
        publishTime: (_, { time }) => store.dispatch(datetimeTicked(time)),
      },
    }),
  );
  const forcedRelogin = createActor(
    forcedReloginMachine.provide({
      actions: {
        resetSession: () => store.dispatch(signedOut()),
        reloadPage: () => window.location.reload(),
      },
    }),
  );
  return { timeChannel, forcedRelogin };
}

export type AppActors = ReturnType<typeof createAppActors>;
export type TimeChannelRef = ActorRefFrom<typeof timeChannelMachine>;
export type ForcedReloginRef = ActorRefFrom<typeof forcedReloginMachine>;

const started = new WeakMap<AppStore, AppActors>();

/** The app-lifetime actors of a store: made and started once (never per render: StrictMode would
 * start invoked callback actors twice), tied to the session. They live in the signed-in shell's
 * chunk, so the login route does not load XState. */
export function appActorsFor(store: AppStore): AppActors {
  const existing = started.get(store);
  if (existing) return existing;
  const actors = startAppActors(store);
  started.set(store, actors);
  return actors;
}

function startAppActors(store: AppStore): AppActors {
  const actors = createAppActors(store);
  actors.timeChannel.start();
  actors.forcedRelogin.start();
  // Listed for the QA explorer's live view for as long as they run (the app's lifetime).
  registerLiveActor('timeChannel', actors.timeChannel);
  registerLiveActor('forcedRelogin', actors.forcedRelogin);
  if (store.getState().session.accessToken) actors.timeChannel.send({ type: 'channel.start' });
  startAppListening({ actionCreator: signedIn, effect: () => actors.timeChannel.send({ type: 'channel.start' }) });
  startAppListening({ actionCreator: signedOut, effect: () => actors.timeChannel.send({ type: 'channel.stop' }) });
  startAppListening({ actionCreator: invalidTokenDetected, effect: () => actors.forcedRelogin.send({ type: 'session.invalidToken' }) });
  return actors;
}

export const AppActorsContext = createContext<AppActors | null>(null);

export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('AppActorsContext is missing');
  return actors;
}
