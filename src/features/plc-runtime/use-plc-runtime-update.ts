/** The firmware update flow of the PLC Runtime page: the signed-update machine, with the runtime's ways to the device. */
import { plcRuntimeApi } from '../../../store/api/plc-runtime-endpoints';
import type { AppDispatch } from '../../../store';
import { PLC_RUNTIME_ROUTES } from '../../../contract/api/plc-runtime.routes';
import { plcRuntimeUpdate } from '../../../machines/plc-runtime-update.machine';
import { useSignedUpdate, type SignedUpdateDevice } from '../../app/use-signed-update';

/** The runtime's status, read afresh: the page's own status query is refreshed by the same request. */
const status = (dispatch: AppDispatch) => dispatch(plcRuntimeApi.endpoints.plcRuntime.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap();

const PLC_DEVICE: SignedUpdateDevice = {
  route: PLC_RUNTIME_ROUTES.update,
  parts: ({ files }) => ({ firmware: files.firmware as File }),
  findRunning: async (dispatch) => {
    const running = (await status(dispatch)).running_job;
    return running ? { jobId: running.id, version: running.version } : null;
  },
  fetchVersion: async (dispatch) => {
    const answer = await status(dispatch);
    return { version: answer.runtime.version, updating: answer.running_job !== null };
  },
};

export function usePlcRuntimeUpdate() {
  return useSignedUpdate(plcRuntimeUpdate, PLC_DEVICE);
}
