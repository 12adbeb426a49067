/**
 * Files to and from the device, outside the RTK Query cache (a file is no state to keep): a
 * download saved by the browser, an upload with its progress. Both go through the one base query
 * for the token (renewed when it has expired), so they behave like every other call. A transfer a
 * screen only waits for is a mutation endpoint of its area (`downloadQueryFn`, `uploadQueryFn`):
 * its wait is then the mutation's `isLoading`, kept by no screen.
 */
import type { BaseQueryApi, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { Route } from '../../contract/api/route';
import { AUTH_ROUTES } from '../../contract/api/auth.routes';
import { baseQueryWithReauth } from './base-query';
import { callArgs, type CallInput } from './call-args';
import type { SessionState } from '../session-slice';

type Thunk<T> = ThunkAction<Promise<T>, { session: SessionState }, unknown, UnknownAction>;

/** Runs one request through the base query from a thunk; rejects with the base query's error. */
function throughBaseQuery(args: FetchArgs, endpoint: string): Thunk<unknown> {
  return async (dispatch, getState) => {
    const controller = new AbortController();
    const api: BaseQueryApi = {
      signal: controller.signal,
      abort: (reason) => controller.abort(reason),
      dispatch,
      getState,
      extra: undefined,
      endpoint,
      type: 'mutation',
    };
    const result = await baseQueryWithReauth(args, api, {});
    if (result.error) throw result.error;
    return result.data;
  };
}

/** The file name a download answer names (`content-disposition`), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const m = disposition ? /filename="([^"/\\]+)"/.exec(disposition) : null;
  return m ? m[1]! : fallback;
}

/** Hands a file to the browser to save. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads the file a call answers and hands it to the browser to save; answers its name. */
export function downloadFile(route: Route, fallbackName: string): Thunk<string> {
  return async (dispatch) => {
    let name = fallbackName;
    const blob = (await dispatch(
      throughBaseQuery(
        {
          ...callArgs(route),
          responseHandler: async (response) => {
            if (!response.ok) return response.json();
            name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
            return response.blob();
          },
        },
        route.id,
      ),
    )) as Blob;
    saveBlob(blob, name);
    return name;
  };
}

/** How far a download has come: bytes received, of `totalBytes` when the device said (0 when
 * not); for a CSV, rows received of the `totalRows` the device announced (x-record-count). */
export interface DownloadProgress {
  bytes: number;
  totalBytes: number;
  rows: number;
  totalRows: number;
}

/**
 * Downloads the file a call answers (an export, a backup) with its progress, then hands it to the
 * browser to save; answers its name and size. The body is read as it streams in: a CSV's rows are
 * counted by its line ends (the header line is not a row). `signal` stops it.
 */
export function downloadWithProgress(
  route: Route,
  input: CallInput,
  fallbackName: string,
  onProgress: (p: DownloadProgress) => void,
  signal?: AbortSignal,
): Thunk<{ name: string; bytes: number }> {
  return async (dispatch) => {
    let name = fallbackName;
    const blob = (await dispatch(
      throughBaseQuery(
        {
          ...callArgs(route, input),
          ...(signal ? { signal } : {}),
          responseHandler: async (response) => {
            if (!response.ok) return response.json();
            name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
            const totalBytes = Number(response.headers.get('content-length') ?? 0) || 0;
            const totalRows = Number(response.headers.get('x-record-count') ?? 0) || 0;
            const csv = (response.headers.get('content-type') ?? '').startsWith('text/csv');
            const progress: DownloadProgress = { bytes: 0, totalBytes, rows: 0, totalRows };
            onProgress({ ...progress });
            if (!response.body) return response.blob();
            const reader = response.body.getReader();
            const chunks: Uint8Array[] = [];
            let lines = 0;
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              chunks.push(value);
              progress.bytes += value.length;
              if (csv) {
                for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++;
                progress.rows = Math.max(0, lines - 1);
              }
              onProgress({ ...progress });
            }
            return new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' });
          },
        },
        route.id,
      ),
    )) as Blob;
    saveBlob(blob, name);
    return { name, bytes: blob.size };
  };
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** How an upload ended when the device answered: its status and body (an error body or the answer). */
export interface UploadAnswer {
  status: number;
  body: unknown;
}

/**
 * Sends a multipart upload with progress (fetch reports none for a request body, XHR does).
 * The token is checked (and renewed if it has expired) just before. `signal` aborts it; a
 * transfer that fails without an answer rejects like a lost connection.
 */
export function uploadFiles(
  route: Route,
  parts: Record<string, Blob | string>,
  onProgress: (p: UploadProgress) => void,
  signal: AbortSignal,
): Thunk<UploadAnswer> {
  return async (dispatch, getState) => {
    await dispatch(throughBaseQuery(callArgs(AUTH_ROUTES.tokenCheck), AUTH_ROUTES.tokenCheck.id));
    const token = getState().session.accessToken;
    const form = new FormData();
    for (const [name, value] of Object.entries(parts)) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, value, (value as File).name ?? name);
    }
    return new Promise<UploadAnswer>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(route.method, route.path);
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
      xhr.onload = () => {
        let body: unknown = null;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = null;
        }
        resolve({ status: xhr.status, body });
      };
      xhr.onerror = () => reject({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });
      xhr.onabort = () => reject({ status: 'FETCH_ERROR', error: 'AbortError: the upload was stopped' });
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  };
}

/** What a mutation's queryFn answers. */
type Outcome<T> = { data: T } | { error: FetchBaseQueryError };

/** Runs a transfer thunk from a queryFn (its `dispatch` is typed for plain actions; the store
 * takes thunks); a rejection is the mutation's error. */
async function outcomeOf<T>(dispatch: BaseQueryApi['dispatch'], thunk: Thunk<T>): Promise<Outcome<T>> {
  const run = dispatch as unknown as (thunk: Thunk<T>) => Promise<T>;
  try {
    return { data: await run(thunk) };
  } catch (error) {
    return { error: error as FetchBaseQueryError };
  }
}

/**
 * A download as a mutation endpoint's queryFn: the file of the route `of(arg)` names is handed to
 * the browser to save (`downloadFile`); the mutation answers its name (`fallbackName` when the
 * device gives none).
 *
 *     backup: build.mutation<string, void>({ queryFn: downloadQueryFn(() => ({ route: R.backup, fallbackName: 'x.cxob' })) }),
 */
export function downloadQueryFn<A>(of: (arg: A) => { route: Route; fallbackName: string }) {
  return (arg: A, { dispatch }: BaseQueryApi): Promise<Outcome<string>> => {
    const { route, fallbackName } = of(arg);
    return outcomeOf(dispatch, downloadFile(route, fallbackName));
  };
}

/**
 * An upload as a mutation endpoint's queryFn: the parts `of(arg)` names are sent to its route
 * (`uploadFiles`, without progress; the mutation's abort stops it). A 200 answer's body is the
 * mutation's data; any other answer is its error, `{ status, data: body }` like the base query's.
 */
export function uploadQueryFn<A, T>(of: (arg: A) => { route: Route; parts: Record<string, Blob | string> }) {
  return async (arg: A, { dispatch, signal }: BaseQueryApi): Promise<Outcome<T>> => {
    const { route, parts } = of(arg);
    const sent = await outcomeOf(dispatch, uploadFiles(route, parts, () => undefined, signal));
    if ('error' in sent) return sent;
    const { status, body } = sent.data;
    return status === 200 ? { data: body as T } : { error: { status, data: body } };
  };
}
