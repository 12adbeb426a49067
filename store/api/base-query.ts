import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { EXPIRED_JWT_MESSAGE, UNAUTHORIZED_JWT_MESSAGE } from '../../contract/error-codes';
import { errorCodeOf } from '../../contract/failure';
import { AUTH_ROUTES } from '../../contract/api/auth.routes';
import { isAdminModeAccount } from '../../contract/roles';
import { invalidTokenDetected, signedOut, tokenRenewed, type SessionState, type TokenPayload } from '../session-slice';
import { noticeShown } from '../notice-actions';
import { callArgs } from './call-args';
import { takeEarlyRead } from './early-reads';

/** Specification §7: six minutes. */
export const REQUEST_TIMEOUT_MS = 360_000;

/** The error every endpoint's `error` carries: the device's body, or a transport failure. */
export type ApiError = FetchBaseQueryError;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  // A read the page sent before the console's code arrived (store/api/early-reads.ts) answers the
  // first request for it.
  fetchFn: (input: RequestInfo, init?: RequestInit) => (input instanceof Request && !init ? takeEarlyRead(input, fetch) : null) ?? fetch(input, init),
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as { session: SessionState }).session.accessToken;
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

function needsRenewal(error: FetchBaseQueryError | undefined): boolean {
  if (!error || error.status !== 401) return false;
  const message = (error.data as { message?: unknown } | undefined)?.message;
  return message === EXPIRED_JWT_MESSAGE || message === UNAUTHORIZED_JWT_MESSAGE;
}

function isInvalidToken(error: FetchBaseQueryError | undefined): boolean {
  return error?.status === 400 && (error.data as { error_code?: unknown } | undefined)?.error_code === 'invalid_token';
}

// One renewal at a time: parallel requests that all got 401 wait for the same one.
let renewal: Promise<boolean> | null = null;

/** Renews the token pair once, shared by every caller that asks while it runs. */
export function renewTokens(api: Parameters<BaseQueryFn>[1], extraOptions: object = {}): Promise<boolean> {
  renewal ??= renew(api, extraOptions).finally(() => {
    renewal = null;
  });
  return renewal;
}

async function renew(api: Parameters<BaseQueryFn>[1], extraOptions: object): Promise<boolean> {
  const { refreshToken, username } = (api.getState() as { session: SessionState }).session;
  if (!refreshToken) return false;
  const adminMode = username !== null && isAdminModeAccount(username);
  const args = callArgs(adminMode ? AUTH_ROUTES.tokenAdmin : AUTH_ROUTES.tokenApp, {
    params: adminMode ? { role: username } : undefined,
    body: { grant_type: 'refresh_token', refresh_token: refreshToken },
  });
  const result = await rawBaseQuery({ ...args, headers: { ...(args.headers as object), authorization: '' } }, api, extraOptions);
  if (result.data) {
    api.dispatch(tokenRenewed(result.data as TokenPayload));
    return true;
  }
  return false;
}

/** The single base query: bearer token; on 401 'invalid or expired jwt' / 'Unauthorized JWT' renew
 * once and retry once, else sign out; on 400 invalid_token hand over to the forced re-login flow. */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extraOptions) => {
  let result = await rawBaseQuery(args, api, extraOptions);
  const hadToken = (api.getState() as { session: SessionState }).session.accessToken !== null;
  if (hadToken && needsRenewal(result.error)) {
    if (await renewTokens(api, extraOptions)) {
      result = await rawBaseQuery(args, api, extraOptions);
    } else {
      api.dispatch(signedOut());
    }
  }
  if (isInvalidToken(result.error)) api.dispatch(invalidTokenDetected());
  // A request that ran out of time (or the device's 408) says so wherever the user is.
  if (result.error && errorCodeOf(result.error) === 'timeout') {
    api.dispatch(noticeShown({ key: 'errors.request_timeout', severity: 'error' }));
  }
  return result;
};
