import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { PLC_RUNTIME_ROUTES as R } from '../../contract/api/plc-runtime.routes';

/** What the PLC Runtime screen reads and changes: the runtime's state, its activation and LAN1.
 * Each change answers the whole state; the firmware upload is a file (store/api/transfer.ts). */
export const plcRuntimeApi = api.enhanceEndpoints({ addTagTypes: ['PlcRuntime'] }).injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      plcRuntime: call.query(R.status, { tags: ['PlcRuntime'] }),
      activatePlcRuntime: call.mutation(R.activate, { tags: ['PlcRuntime'] }),
      resetPlcRuntime: call.mutation(R.reset, { tags: ['PlcRuntime'] }),
      setPlcLan1: call.mutation(R.setLan1, { tags: ['PlcRuntime'] }),
    };
  },
});

export const { usePlcRuntimeQuery, useActivatePlcRuntimeMutation, useResetPlcRuntimeMutation, useSetPlcLan1Mutation } = plcRuntimeApi;
