/** The firmware update flow of the PLC Runtime page: the machine, with its actors talking to the device. */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { useSelector } from '@xstate/react';
import { useAppDispatch } from '../../../store';
import { plcRuntimeApi } from '../../../store/api/plc-runtime-endpoints';
import { projectApi } from '../../../store/api/project-endpoints';
import { uploadFiles } from '../../../store/api/transfer';
import { PLC_RUNTIME_ROUTES } from '../../../contract/api/plc-runtime.routes';
import { errorCodeOf } from '../../../contract/failure';
import type { Job } from '../../../contract/api/jobs';
import {
  plcRuntimeUpdateMachine,
  type PlcUploadReport,
  type RuntimeAnswer,
  type UploadFirmwareInput,
} from '../../../machines/plc-runtime-update.machine';
import { useMachineActor } from '../../app/use-machine-actor';

export function usePlcRuntimeUpdate() {
  const dispatch = useAppDispatch();
  const actor = useMachineActor(plcRuntimeUpdateMachine, {
    actors: {
      upload: fromCallback<EventObject, UploadFirmwareInput>(({ input, sendBack }) => {
        const controller = new AbortController();
        const report = (event: PlcUploadReport) => {
          if (!controller.signal.aborted) sendBack(event);
        };
        dispatch(
          uploadFiles(PLC_RUNTIME_ROUTES.update, { firmware: input.firmware as File }, ({ loaded, total }) => report({ type: 'upload.progress', loaded, total }), controller.signal),
        ).then(
          ({ status, body }) => {
            if (status === 202) {
              const started = body as { job_id: string; version: string };
              report({ type: 'upload.done', jobId: started.job_id, version: started.version });
            } else report({ type: 'upload.failed', error: errorCodeOf({ status, data: body }) });
          },
          (error: unknown) => report({ type: 'upload.failed', error: errorCodeOf(error) }),
        );
        return () => controller.abort();
      }),
      fetchJob: fromPromise<Job, { jobId: string }>(async ({ input }) =>
        dispatch(projectApi.endpoints.job.initiate(input.jobId, { forceRefetch: true, subscribe: false })).unwrap(),
      ),
      // The page's own status query is refreshed by the same request: it shows the new version.
      fetchRuntime: fromPromise<RuntimeAnswer>(async () => {
        const status = await dispatch(plcRuntimeApi.endpoints.plcRuntime.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap();
        return { version: status.runtime.version, updating: status.running_job !== null };
      }),
    },
  });
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}
