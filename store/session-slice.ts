import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { accountOfToken, loadTokens } from './token-storage';

export interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  /** The signed-in account, from the token. */
  username: string | null;
  /** Set when the server answered 400 invalid_token: the forced re-login flow takes it from here. */
  invalidTokenSeen: number;
}

export interface TokenPayload {
  access_token: string;
  refresh_token: string;
}

function initialState(): SessionState {
  const { accessToken, refreshToken } = loadTokens();
  return { accessToken, refreshToken, username: accountOfToken(accessToken), invalidTokenSeen: 0 };
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
    invalidTokenDetected(state) {
      state.invalidTokenSeen += 1;
    },
  },
  selectors: {
    selectAccessToken: (s) => s.accessToken,
    selectUsername: (s) => s.username,
    selectIsSignedIn: (s) => s.accessToken !== null,
  },
});

export const { signedIn, tokenRenewed, signedOut, invalidTokenDetected } = sessionSlice.actions;
export const { selectAccessToken, selectUsername, selectIsSignedIn } = sessionSlice.selectors;
