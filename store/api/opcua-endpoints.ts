import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { OPCUA_ROUTES as R } from '../../contract/api/opcua.routes';
import type { QueryOf } from '../../contract/api/define';
import type { CertificateList, OpcuaCertificates, trace } from '../../contract/api/opcua';

/**
 * What the OPC UA screen reads and changes: the node tree and the driver address table (Tags), the
 * server's settings, status and trace log (Server), and its certificates and trust lists
 * (Certificates). Every certificate call answers the whole set of lists: the cache takes that
 * answer instead of asking again. Uploads and downloads are files (store/api/transfer.ts, with
 * the routes' paths filled in by `opcuaFileRoute`).
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
        /** The trace log's lines after `after` (a live tail), asked for afresh each time. */
        opcuaTrace: call.query(R.trace, { request: (query: QueryOf<typeof trace>) => ({ query }) }),
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
      };
    },
  });

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
  useOpcuaCertificatesQuery,
  useTrustRejectedCertificateMutation,
  useRegenerateOwnCertificateMutation,
  useRemoveCertificateMutation,
} = opcuaApi;
