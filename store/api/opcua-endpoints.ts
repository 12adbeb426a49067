import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from './base-api';
import { callArgs } from './call-args';
import { contractEndpoints } from './contract-endpoint';
import { downloadQueryFn, uploadQueryFn } from './transfer';
import { OPCUA_ROUTES as R } from '../../contract/api/opcua.routes';
import type { ResponseOf } from '../../contract/api/define';
import type { CertificateList, OpcuaCertificates, trace, UPLOAD_LISTS } from '../../contract/api/opcua';

type TraceAnswer = ResponseOf<typeof trace>;
/** A list a certificate can be uploaded to. */
export type UploadList = (typeof UPLOAD_LISTS)[number];
/** An upload: to a list (`file`), or the server's own (`certificate` and `private_key`). */
type CertificateUpload = { to: UploadList | 'own'; parts: Record<string, Blob> };
/** A certificate's file to save, and the name it is saved as when the device gives none. */
type CertificateDownload = { list: CertificateList | 'own'; id: string; fileName: string };
export type TraceLine = TraceAnswer['lines'][number];

/** How often the trace log's tail asks for new lines while followed. */
export const TRACE_POLL_MS = 2000;
/** Lines asked for at once. */
export const TRACE_PAGE = 200;
/** Lines kept on screen. */
export const TRACE_KEEP = 500;
/** Pages one read of the tail asks for at most (a full page is followed at once by the next). */
export const TRACE_PAGES_PER_READ = Math.ceil(TRACE_KEEP / TRACE_PAGE) + 1;

/** The trace log's tail as the cache keeps it: the newest TRACE_KEEP lines read, and the seq of
 * the last one asked past (the next read asks for the lines after it). */
export interface TraceTail {
  lines: TraceLine[];
  after: number;
  /** This read found the log started over (the device's newest seq below `after`): its lines
   * replace the ones kept. */
  restarted: boolean;
}

/**
 * One read of the tail, from `after`: it asks for a page after the last line seen; a full page is
 * followed at once by the next (TRACE_PAGES_PER_READ at most, the next read goes on). A log that is
 * far ahead (more than TRACE_KEEP lines after the page) is joined near its end (the download has
 * it all). A log that started over starts over from 0. `ask` is one request of the trace call.
 */
export async function readTraceTail<E>(
  after: number,
  ask: (after: number) => Promise<{ data: TraceAnswer } | { error: E }>,
): Promise<{ data: TraceTail } | { error: E }> {
  let lines: TraceLine[] = [];
  let restarted = false;
  for (let page = 0; page < TRACE_PAGES_PER_READ; page++) {
    const result = await ask(after);
    if ('error' in result) return { error: result.error };
    const answer = result.data;
    if (answer.last_seq < after) {
      // The log started over (the device restarted it): so does the view.
      after = 0;
      lines = [];
      restarted = true;
      continue;
    }
    const newest = answer.lines.at(-1)?.seq ?? after;
    after = Math.max(after, newest);
    lines = [...lines, ...answer.lines].slice(-TRACE_KEEP);
    if (answer.lines.length < TRACE_PAGE) break;
    // More waits: join near the end when it is far, else read on.
    if (answer.last_seq - after > TRACE_KEEP) after = answer.last_seq - TRACE_PAGE;
  }
  return { data: { lines, after, restarted } };
}

/** The lines kept after a read: the read's own when the log started over, else the newest
 * TRACE_KEEP of both. */
export function mergeTraceTail(kept: TraceTail, read: TraceTail): TraceTail {
  return { lines: read.restarted ? read.lines : [...kept.lines, ...read.lines].slice(-TRACE_KEEP), after: read.after, restarted: read.restarted };
}

/**
 * What the OPC UA screen reads and changes: the node tree and the driver address table (Tags), the
 * server's settings, status and trace log (Server), and its certificates and trust lists
 * (Certificates). Every certificate call answers the whole set of lists: the cache takes that
 * answer instead of asking again. Uploads and downloads are files (store/api/transfer.ts, with
 * the routes' paths filled in by `opcuaFileRoute`), sent and saved by mutations: a screen reads
 * their wait as the mutation's `isLoading`.
 */
export const opcuaApi = api
  .enhanceEndpoints({ addTagTypes: ['OpcuaTree', 'OpcuaDrivers', 'OpcuaSettings', 'OpcuaStatus', 'OpcuaCertificates'] })
  .injectEndpoints({
    endpoints: (build) => {
      const call = contractEndpoints(build);
      /** Puts a certificate call's answer (every list, as the device now holds them) in the cache. */
      const keepCertificates = async (_arg: unknown, { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: OpcuaCertificates }> }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(opcuaApi.util.upsertQueryData('opcuaCertificates', undefined, data));
        } catch {
          // A refused call changed nothing: the lists shown stay.
        }
      };
      return {
        opcuaNodeTree: call.query(R.opcuaNodeTree, { tags: ['OpcuaTree'] }),
        setOpcuaNodeTree: call.mutation(R.setNodeTree, { tags: ['OpcuaTree', 'OpcuaStatus'] }),
        opcuaDriverTable: call.query(R.opcuaDriverTable, { tags: ['OpcuaDrivers'] }),
        opcuaSettings: call.query(R.getSettings, { tags: ['OpcuaSettings'] }),
        setOpcuaSettings: call.mutation(R.setSettings, { tags: ['OpcuaSettings', 'OpcuaStatus'] }),
        /** The server's state; the opcuaServer machine asks for it at its own pace. */
        opcuaStatus: call.query(R.status, { tags: ['OpcuaStatus'] }),
        /** The trace log's live tail: each read (the page polls it every TRACE_POLL_MS while
         * followed) asks for the lines after the last one kept and adds them to the cache's. A
         * hidden browser tab reads nothing. */
        opcuaTraceTail: build.query<TraceTail, void>({
          queryFn: async (_arg, { getState }, _extra, baseQuery) => {
            const kept = traceTailOf(getState());
            if (kept && typeof document !== 'undefined' && document.visibilityState === 'hidden') return { data: { lines: [], after: kept.after, restarted: false } };
            return readTraceTail<FetchBaseQueryError>(kept?.after ?? 0, async (after) => {
              const result = await baseQuery(callArgs(R.trace, { query: { after: String(after), limit: String(TRACE_PAGE) } }));
              if (result.error) return { error: result.error };
              return { data: result.data as TraceAnswer };
            });
          },
          merge: (kept, read) => mergeTraceTail(kept, read),
        }),
        opcuaCertificates: call.query(R.certificates, { tags: ['OpcuaCertificates'] }),
        trustRejectedCertificate: {
          ...call.mutation(R.trustRejected, { request: (id: string) => ({ params: { id } }), tags: ['OpcuaStatus'] }),
          onQueryStarted: keepCertificates,
        },
        regenerateOwnCertificate: { ...call.mutation(R.regenerateOwn, { tags: ['OpcuaStatus'] }), onQueryStarted: keepCertificates },
        removeCertificate: {
          ...call.mutation(R.removeCertificate, {
            request: ({ list, id }: { list: CertificateList; id: string }) => ({ params: { list, id } }),
            tags: ['OpcuaStatus'],
          }),
          onQueryStarted: keepCertificates,
        },
        /** Sends a certificate (or a revocation list) to a list, or the server's own certificate
         * and its key (`to: 'own'`); the answer, every list, goes in the cache. */
        uploadOpcuaCertificate: build.mutation<OpcuaCertificates, CertificateUpload>({
          queryFn: uploadQueryFn<CertificateUpload, OpcuaCertificates>(({ to, parts }) => ({
            route: to === 'own' ? opcuaFileRoute('uploadOwn') : opcuaFileRoute('uploadCertificate', { list: to }),
            parts,
          })),
          onQueryStarted: keepCertificates,
        }),
        /** Saves a certificate's file (a list's, or the server's own); answers the file's name. */
        downloadOpcuaCertificate: build.mutation<string, CertificateDownload>({
          queryFn: downloadQueryFn<CertificateDownload>(({ list, id, fileName }) => ({
            route: opcuaFileRoute('downloadCertificate', { list, id }),
            fallbackName: fileName || `${id}.der`,
          })),
        }),
        /** Saves the whole trace log; answers the file's name. */
        downloadOpcuaTrace: build.mutation<string, void>({
          queryFn: downloadQueryFn(() => ({ route: opcuaFileRoute('downloadTrace'), fallbackName: 'opcua-trace.txt' })),
        }),
      };
    },
  });

/** The tail the cache keeps (see `opcuaTraceTail`), if any. */
function traceTailOf(state: unknown): TraceTail | undefined {
  type State = Parameters<ReturnType<typeof opcuaApi.endpoints.opcuaTraceTail.select>>[0];
  return opcuaApi.endpoints.opcuaTraceTail.select()(state as State).data;
}

/** A call's route with its path parameters filled in: what the file transfers (which take a
 * route, not parameters) send. */
export function opcuaFileRoute<K extends 'uploadCertificate' | 'downloadCertificate' | 'uploadOwn' | 'downloadTrace'>(
  key: K,
  params: Record<string, string> = {},
): (typeof R)[K] {
  let path: string = R[key].path;
  for (const [name, value] of Object.entries(params)) path = path.replace(`:${name}`, encodeURIComponent(value));
  return { ...R[key], path } as (typeof R)[K];
}

export const {
  useOpcuaNodeTreeQuery,
  useSetOpcuaNodeTreeMutation,
  useOpcuaDriverTableQuery,
  useOpcuaSettingsQuery,
  useSetOpcuaSettingsMutation,
  useOpcuaTraceTailQuery,
  useOpcuaCertificatesQuery,
  useTrustRejectedCertificateMutation,
  useRegenerateOwnCertificateMutation,
  useRemoveCertificateMutation,
  useUploadOpcuaCertificateMutation,
  useDownloadOpcuaCertificateMutation,
  useDownloadOpcuaTraceMutation,
} = opcuaApi;
