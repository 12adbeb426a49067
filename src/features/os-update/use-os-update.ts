/** The OS update flow of this page: the machine, with its actors talking to the device. */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { useSelector } from '@xstate/react';
import { useAppDispatch } from '../../../store';
import { osApi } from '../../../store/api/os-endpoints';
import { projectApi } from '../../../store/api/project-endpoints';
import { uploadFiles } from '../../../store/api/transfer';
import { OS_ROUTES } from '../../../contract/api/os.routes';
import { errorCodeOf } from '../../../contract/failure';
import type { Job } from '../../../contract/api/jobs';
import { osUpdateMachine, type OsUploadReport, type UploadImageInput } from '../../../machines/os-update.machine';
import { useMachineActor } from '../../app/use-machine-actor';

export function useOsUpdate() {
  const dispatch = useAppDispatch();
  const actor = useMachineActor(osUpdateMachine, {
    actors: {
      upload: fromCallback<EventObject, UploadImageInput>(({ input, sendBack }) => {
        const controller = new AbortController();
        const report = (event: OsUploadReport) => {
          if (!controller.signal.aborted) sendBack(event);
        };
        dispatch(uploadFiles(OS_ROUTES.update, { image: input.image as File }, ({ loaded, total }) => report({ type: 'upload.progress', loaded, total }), controller.signal)).then(
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
      fetchVersion: fromPromise<{ os_version: string }>(async () =>
        dispatch(osApi.endpoints.osInfo.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap(),
      ),
    },
  });
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}
