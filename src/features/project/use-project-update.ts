/** The project update flow of this page: the machine, with its actors talking to the device. */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { useSelector } from '@xstate/react';
import { useAppDispatch } from '../../../store';
import { projectApi } from '../../../store/api/project-endpoints';
import { uploadFiles } from '../../../store/api/transfer';
import { PROJECT_ROUTES } from '../../../contract/api/project.routes';
import { errorCodeOf } from '../../../contract/failure';
import type { Job } from '../../../contract/api/jobs';
import { projectUpdateMachine, type MediaInput, type UploadInput, type UploadReport } from '../../../machines/project-update.machine';
import { useMachineActor } from '../../app/use-machine-actor';

/** A file the user chose: a browser File (the machine only needs its name and size). */
export type ChosenFile = File;

export function useProjectUpdate() {
  const dispatch = useAppDispatch();
  const actor = useMachineActor(projectUpdateMachine, {
    actors: {
      upload: fromCallback<EventObject, UploadInput>(({ input, sendBack }) => {
        const controller = new AbortController();
        const report = (event: UploadReport) => {
          if (!controller.signal.aborted) sendBack(event);
        };
        const parts: Record<string, Blob | string> = { app: input.app as ChosenFile, crc: input.crc as ChosenFile };
        if (input.password !== '') parts.password = input.password;
        dispatch(uploadFiles(PROJECT_ROUTES.update, parts, ({ loaded, total }) => report({ type: 'upload.progress', loaded, total }), controller.signal)).then(
          ({ status, body }) => {
            if (status === 202) report({ type: 'upload.done', jobId: (body as { job_id: string }).job_id });
            else report({ type: 'upload.failed', error: errorCodeOf({ status, data: body }) });
          },
          (error: unknown) => report({ type: 'upload.failed', error: errorCodeOf(error) }),
        );
        return () => controller.abort();
      }),
      startFromMedia: fromPromise<{ job_id: string }, MediaInput>(async ({ input }) => {
        const body = { medium: input.medium, name: input.name, ...(input.password === '' ? {} : { password: input.password }) };
        return dispatch(projectApi.endpoints.updateFromMedia.initiate(body)).unwrap();
      }),
      fetchJob: fromPromise<Job, { jobId: string }>(async ({ input }) => {
        const request = dispatch(projectApi.endpoints.job.initiate(input.jobId, { forceRefetch: true, subscribe: false }));
        return request.unwrap();
      }),
    },
  });
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}
