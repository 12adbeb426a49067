/** The file export flow (machines/file-export.machine.ts: progress, cancel, saved or failed with
 * Retry), its actor downloading from the device by the calls the screen names: the Data screens'
 * exports, Diagnostics' bundle. An area passes its own routes; no list here names them. */
import { fromCallback, type EventObject } from 'xstate';
import { useSelector } from '@xstate/react';
import { useAppDispatch } from '../../store';
import { downloadWithProgress } from '../../store/api/transfer';
import type { Route } from '../../contract/api/route';
import { errorCodeOf } from '../../contract/failure';
import { fileExportMachine, type ExportReport, type ExportRequest } from '../../machines/file-export.machine';
import { useMachineActor } from './use-machine-actor';

/** `routes`: the calls this screen may download (a request names one by its id); a constant of the
 * screen, read once. */
export function useFileExport(routes: readonly Route[]) {
  const byId = new Map(routes.map((r) => [r.id, r]));
  const dispatch = useAppDispatch();
  const actor = useMachineActor(fileExportMachine, {
    actors: {
      download: fromCallback<EventObject, ExportRequest>(({ input, sendBack }) => {
        const controller = new AbortController();
        const report = (event: ExportReport) => {
          if (!controller.signal.aborted) sendBack(event);
        };
        const route = byId.get(input.call);
        if (!route) {
          report({ type: 'export.failed', error: 'internal_error' });
          return () => controller.abort();
        }
        dispatch(
          downloadWithProgress(
            route,
            { params: input.params, query: input.query, body: input.body },
            input.fallbackName,
            (progress) => report({ type: 'export.progress', progress }),
            controller.signal,
          ),
        ).then(
          (file) => report({ type: 'export.done', file: { name: file.name, bytes: file.bytes } }),
          (error: unknown) => report({ type: 'export.failed', error: errorCodeOf(error) }),
        );
        return () => controller.abort();
      }),
    },
  });
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}
