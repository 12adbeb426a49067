/** The file export flow of the Data screens: the machine, with its actor downloading from the device. */
import { fromCallback, type EventObject } from 'xstate';
import { useSelector } from '@xstate/react';
import { useAppDispatch } from '../../../store';
import { downloadWithProgress } from '../../../store/api/transfer';
import { DATA_ROUTES } from '../../../contract/api/data.routes';
import type { Route } from '../../../contract/api/route';
import { errorCodeOf } from '../../../contract/failure';
import { fileExportMachine, type ExportReport, type ExportRequest } from '../../../machines/file-export.machine';
import { useMachineActor } from '../../app/use-machine-actor';

const ROUTES: Record<string, Route> = Object.fromEntries(Object.values(DATA_ROUTES).map((r) => [r.id, r]));

export function useFileExport() {
  const dispatch = useAppDispatch();
  const actor = useMachineActor(fileExportMachine, {
    actors: {
      download: fromCallback<EventObject, ExportRequest>(({ input, sendBack }) => {
        const controller = new AbortController();
        const report = (event: ExportReport) => {
          if (!controller.signal.aborted) sendBack(event);
        };
        const route = ROUTES[input.call];
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
