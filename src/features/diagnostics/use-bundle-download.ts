/** The diagnostic bundle's download: the file-export flow (src/app/use-file-export.ts), by the
 * bundle's call. */
import { DIAGNOSTICS_ROUTES } from '../../../contract/api/diagnostics.routes';
import type { ExportRequest } from '../../../machines/file-export.machine';
import { useFileExport } from '../../app/use-file-export';

/** What the button asks for: the bundle, saved as the device names it. */
export const BUNDLE_REQUEST: ExportRequest = { call: DIAGNOSTICS_ROUTES.bundle.id, fallbackName: 'diagnostics.tar.gz' };

const BUNDLE_ROUTES = [DIAGNOSTICS_ROUTES.bundle];

export function useBundleDownload() {
  return useFileExport(BUNDLE_ROUTES);
}
