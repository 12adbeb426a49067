import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { DATA_ROUTES as R } from '../../contract/api/data.routes';
import type { QueryOf } from '../../contract/api/define';
import type { events, operations, records, trend } from '../../contract/api/data';

/** What the Data screens read and change: the data logs and their trends and records, the event
 * log, the operation log and its retention. Exports and backups are files (store/api/transfer.ts). */
export const dataApi = api.enhanceEndpoints({ addTagTypes: ['DataLogs', 'Trend', 'DataRecords', 'Events', 'Operations', 'OplogRetention', 'DataMedia'] }).injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      dataLogs: call.query(R.logs, { tags: ['DataLogs'] }),
      trend: call.query(R.trend, {
        request: ({ id, ...query }: { id: number } & Partial<QueryOf<typeof trend>>) => ({ params: { id }, query: query as QueryOf<typeof trend> }),
        tags: ['Trend'],
      }),
      dataRecords: call.query(R.records, {
        request: ({ id, ...query }: { id: number } & Partial<QueryOf<typeof records>>) => ({ params: { id }, query: query as QueryOf<typeof records> }),
        tags: ['DataRecords'],
      }),
      events: call.query(R.events, { request: (query: Partial<QueryOf<typeof events>>) => ({ query: query as QueryOf<typeof events> }), tags: ['Events'] }),
      ackEvent: call.mutation(R.ackEvent, { request: (id: number) => ({ params: { id } }), tags: ['Events'] }),
      ackAllEvents: call.mutation(R.ackAllEvents, { tags: ['Events'] }),
      operations: call.query(R.operations, { request: (query: Partial<QueryOf<typeof operations>>) => ({ query: query as QueryOf<typeof operations> }), tags: ['Operations'] }),
      oplogRetention: call.query(R.getRetention, { tags: ['OplogRetention'] }),
      setOplogRetention: call.mutation(R.setRetention, { tags: ['OplogRetention', 'Operations'] }),
      dataMedia: call.query(R.media, { tags: ['DataMedia'] }),
      backupDataToMedia: call.mutation(R.backupToMedia, { tags: ['DataMedia'] }),
    };
  },
});

export const {
  useDataLogsQuery,
  useTrendQuery,
  useDataRecordsQuery,
  useEventsQuery,
  useAckEventMutation,
  useAckAllEventsMutation,
  useOperationsQuery,
  useOplogRetentionQuery,
  useSetOplogRetentionMutation,
  useDataMediaQuery,
  useBackupDataToMediaMutation,
} = dataApi;
