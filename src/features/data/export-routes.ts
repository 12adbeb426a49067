import { DATA_ROUTES } from '../../../contract/api/data.routes';
import type { Route } from '../../../contract/api/route';

/** The calls the Data screens download files from (their exports and backups). */
export const DATA_EXPORT_ROUTES: readonly Route[] = Object.values(DATA_ROUTES);
