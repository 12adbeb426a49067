/**
 * A signed update on a page (OS image, PLC runtime firmware, project): the area's machine
 * (machines/signed-update.machine.ts), with the actors every one of them runs the same way (the
 * upload with its progress, the job asked for again) and the area's own ways to the device.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { useSelector } from '@xstate/react';
import { useAppDispatch, type AppDispatch } from '../../store';
import { projectApi } from '../../store/api/project-endpoints';
import { uploadFiles } from '../../store/api/transfer';
import type { Route } from '../../contract/api/route';
import { errorCodeOf } from '../../contract/failure';
import type { Job } from '../../contract/api/jobs';
import type {
  InstalledVersion,
  MediaRequest,
  RunningUpdate,
  SignedUpdate,
  UploadReport,
  UploadRequest,
} from '../../machines/signed-update.machine';
import { useMachineActor } from './use-machine-actor';

/** How an area's update reaches the device. */
export interface SignedUpdateDevice {
  /** Where the files are sent; the device answers 202 with `{ job_id, version? }`. */
  route: Route;
  /** The form's parts of a request (the files are the browser's Files the page gave). */
  parts(request: UploadRequest): Record<string, Blob | string>;
  /** The update the device runs already, if any: read afresh (a page opened mid-update follows it). */
  findRunning(dispatch: AppDispatch): Promise<RunningUpdate | null>;
  /** With a restart: the version the device answers once it is back. */
  fetchVersion?(dispatch: AppDispatch): Promise<InstalledVersion>;
  /** Where a medium can start the update. */
  startFromMedia?(dispatch: AppDispatch, request: MediaRequest): Promise<{ job_id: string }>;
  /** The update ended: read again what it changed. */
  updateEnded?(dispatch: AppDispatch): void;
}

export function useSignedUpdate({ machine }: SignedUpdate, device: SignedUpdateDevice) {
  const dispatch = useAppDispatch();
  const actor = useMachineActor(machine, {
    actors: {
      findRunning: fromPromise<RunningUpdate | null>(() => device.findRunning(dispatch)),
      upload: fromCallback<EventObject, UploadRequest>(({ input, sendBack }) => {
        const controller = new AbortController();
        const report = (event: UploadReport) => {
          if (!controller.signal.aborted) sendBack(event);
        };
        dispatch(uploadFiles(device.route, device.parts(input), ({ loaded, total }) => report({ type: 'upload.progress', loaded, total }), controller.signal)).then(
          ({ status, body }) => {
            if (status === 202) {
              const started = body as { job_id: string; version?: string };
              report({ type: 'upload.done', jobId: started.job_id, ...(started.version === undefined ? {} : { version: started.version }) });
            } else report({ type: 'upload.failed', error: errorCodeOf({ status, data: body }) });
          },
          (error: unknown) => report({ type: 'upload.failed', error: errorCodeOf(error) }),
        );
        return () => controller.abort();
      }),
      fetchJob: fromPromise<Job, { jobId: string }>(async ({ input }) =>
        dispatch(projectApi.endpoints.job.initiate(input.jobId, { forceRefetch: true, subscribe: false })).unwrap(),
      ),
      fetchVersion: fromPromise<InstalledVersion>(async () => {
        if (!device.fetchVersion) throw new Error(`${machine.id}: no version to verify`);
        return device.fetchVersion(dispatch);
      }),
      startFromMedia: fromPromise<{ job_id: string }, MediaRequest>(async ({ input }) => {
        if (!device.startFromMedia) throw new Error(`${machine.id}: no update from a medium`);
        return device.startFromMedia(dispatch, input);
      }),
    },
    actions: { updateEnded: () => device.updateEnded?.(dispatch) },
  });
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}
