import type { ResponseOf } from '../../../contract/api/define';
import type { status } from '../../../contract/api/plc-runtime';

/** What GET /plc-runtime answers (types only: the console loads no zod). */
export type PlcRuntimeStatus = ResponseOf<typeof status>;
