import type { AccountName } from '../../../contract/roles';
import type { TestDevice } from '../device';
import type { Part } from '../multipart';

/** One request to a call: the concrete URL (path params filled in), query and body. */
export interface CallRequest {
  url?: string;
  query?: Record<string, string>;
  body?: unknown;
  /** The parts of a multipart upload (calls with `upload`). */
  multipart?: readonly Part[];
}

/** How the server tests exercise one call of the contract. Every call of ALL_CALLS needs one;
 * the suites fail for a call that has none, so a new call cannot slip in untested. */
export interface CallCase extends CallRequest {
  /** The account the success request is made as; null for a public call. */
  account: AccountName | null;
  /** A request the call's schemas (or rules) refuse, and the field the 400 must name. */
  invalid?: CallRequest & { field: string };
  /** The call ends sessions (its own or others of the account): use a token of its own. */
  endsSessions?: boolean;
  /** Brings the device to where the success request can succeed (a change to confirm, the radio
   * on); its answer overrides parts of the request. Runs before any row count is taken. */
  prepare?: (t: TestDevice, adminToken: string) => Promise<Partial<CallRequest>>;
}

/** The cases of one area of the contract, by call id (`<area>.<name>`). */
export type AreaCases = Record<string, CallCase>;
