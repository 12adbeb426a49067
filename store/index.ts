import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api/base-api';
import { sessionSlice, signedIn, signedOut, tokenRenewed } from './session-slice';
import { appSlice } from './app-slice';
import { saveTokens } from './token-storage';

const rootReducer = combineSlices(sessionSlice, appSlice, api);

/** Keeps local storage in step with the session slice. */
const persistence = createListenerMiddleware();
persistence.startListening({
  predicate: (action) => signedIn.match(action) || tokenRenewed.match(action) || signedOut.match(action),
  effect: (_action, listenerApi) => {
    const { accessToken, refreshToken } = (listenerApi.getState() as RootState).session;
    saveTokens({ accessToken, refreshToken });
    if (signedOut.match(_action)) listenerApi.dispatch(api.util.resetApiState());
  },
});

/** Side effects of shell actions that live outside the store (i18n, cookies) register here. */
export const appListener = createListenerMiddleware();

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault().prepend(persistence.middleware, appListener.middleware).concat(api.middleware),
  });
}

export const startAppListening = appListener.startListening.withTypes<RootState, AppDispatch>();

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
