/** The diagnostic bundle's download: the file-export flow (machines/file-export.machine.ts: progress,
 * cancel, saved or failed with Retry), its actor downloading the bundle from the device. */
import { fromCallback, type EventObject } from 'xstate';
import { useSelector } from '@xstate/react';
import { useAppDispatch } from '../../../store';
import { downloadWithProgress } from '../../../store/api/transfer';
import { DIAGNOSTICS_ROUTES } from '../../../contract/api/diagnostics.routes';
import { errorCodeOf } from '../../../contract/failure';
import { fileExportMachine, type ExportReport, type ExportRequest } from '../../../machines/file-export.machine';
import { useMachineActor } from '../../app/use-machine-actor';

/** What the button asks for: the bundle, saved as the device names it. */
export const BUNDLE_REQUEST: ExportRequest = { call: DIAGNOSTICS_ROUTES.bundle.id, fallbackName: 'diagnostics.tar.gz' };

export function useBundleDownload() {
  const dispatch = useAppDispatch();
  const actor = useMachineActor(fileExportMachine, {
    actors: {
      download: fromCallback<EventObject, ExportRequest>(({ sendBack }) => {
        const controller = new AbortController();
        const report = (event: ExportReport) => {
          if (!controller.signal.aborted) sendBack(event);
        };
        dispatch(downloadWithProgress(DIAGNOSTICS_ROUTES.bundle, {}, BUNDLE_REQUEST.fallbackName, (progress) => report({ type: 'export.progress', progress }), controller.signal)).then(
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
