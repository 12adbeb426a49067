import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { accountOfToken, loadTokens } from './token-storage';

export interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  /** The signed-in account, from the token. */
  username: string | null;
}

export interface TokenPayload {
  access_token: string;
  refresh_token: string;
}

function initialState(): SessionState {
  const { accessToken, refreshToken } = loadTokens();
  return { accessToken, refreshToken, username: accountOfToken(accessToken) };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<TokenPayload>) {
      state.accessToken = action.payload.access_token;
      state.refreshToken = action.payload.refresh_token;
      state.username = accountOfToken(action.payload.access_token);
    },
    tokenRenewed(state, action: PayloadAction<TokenPayload>) {
      state.accessToken = action.payload.access_token;
      state.refreshToken = action.payload.refresh_token;
    },
    signedOut(state) {
      state.accessToken = null;
      state.refreshToken = null;
      state.username = null;
    },
  },
  selectors: {
    selectAccessToken: (s) => s.accessToken,
    selectUsername: (s) => s.username,
    selectIsSignedIn: (s) => s.accessToken !== null,
  },
});

export const { signedIn, tokenRenewed, signedOut } = sessionSlice.actions;

/** The server answered 400 invalid_token (a revoked or forged token): the forced re-login flow
 * takes it from here; the session itself stays as it is until the user confirms. */
export const invalidTokenDetected = createAction('session/invalidTokenDetected');
export const { selectAccessToken, selectUsername, selectIsSignedIn } = sessionSlice.selectors;
