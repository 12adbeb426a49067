/**
 * What one area of the device API adds to the contract besides its calls: the operation-log
 * actions and targets it writes, the error codes it answers with and the jobs it runs. Each area
 * declares these once, in its zod-free file (`contract/api/<area>.routes.ts`, beside its routes),
 * and `contract/areas.ts` lists the areas once; the shared lists (`contract/audit.ts`,
 * `contract/error-codes.ts`, `contract/jobs.ts`, the call types of `contract/api/calls.ts`) are
 * assembled from that list, never edited for one area (docs/adding.md#add-an-area).
 *
 * Zod-free: the console imports it. An area's calls (its zod schemas, `contract/api/<area>.ts`)
 * are named here by type only, so the console's types know every call and its bundle no zod.
 */
import type { MenuId } from './roles';

/** A target that names one thing (an account, an event, a device by its name): the wording's key
 * and parameter, and how to find the parameter in the target. */
export interface AuditTargetForm {
  /** The wording's key (`audit.targets.<key>` of the area's console texts). */
  readonly key: string;
  /** What every target of this form starts with: the target's type is `${prefix}${string}`. */
  readonly prefix: string;
  readonly pattern: RegExp;
  /** The wording's parameter, found in the pattern's first group. */
  readonly param: string;
  /** A comma-separated list (the accounts of a password change). */
  readonly list: boolean;
}

/** A kind of job the area runs (GET /api/v1/jobs/:id follows it). */
export interface JobKindDef {
  /** What it is, in the device's own English messages ("a project update"). */
  readonly what: string;
  /** Its steps, in order. */
  readonly steps: readonly string[];
  /** The operation-log target of a job of this kind that the device found cut short at start. */
  readonly target: string;
  /** Who may follow it: the menu of the screen that starts it. */
  readonly menu: MenuId;
  /** An update: one at a time with the other updates, from its upload's first byte to its end
   * (server/services/update-slot.ts). */
  readonly update?: boolean;
}

export interface ContractArea {
  /** The area's name: the key its calls go by (`<name>.<call>` ids). */
  readonly name: string;
  /** Actions written by its calls (each call names its own in `audit.action`). */
  readonly auditActions?: readonly string[];
  /** Actions written without a call of the API: by the device itself for this area (`source:
   * 'device'`, no account), or for a message of one of its sockets (the viewer's account and
   * address: WebView's `webview_write`). */
  readonly deviceAuditActions?: readonly string[];
  /** The parts of the device its operation-log rows are about. */
  readonly auditTargets?: readonly string[];
  readonly auditTargetForms?: readonly AuditTargetForm[];
  /** The error codes only this area answers with (the codes every area may answer are in
   * contract/error-codes.ts). */
  readonly errorCodes?: readonly string[];
  readonly jobs?: Readonly<Record<string, JobKindDef>>;
}

/** An area declared with the type of its calls' module (`typeof import('./api/<area>')`): a type
 * only, never loaded by the declaration. */
export type DeclaredArea<A extends ContractArea, Calls> = A & { readonly calls?: Calls };

/** Declares an area: `defineContractArea<typeof calls>()({ name, routes, … })`, with
 * `import type * as calls from './<area>'`. Keeps the literal types of every list. */
export function defineContractArea<Calls = never>() {
  return <const A extends ContractArea>(area: A): DeclaredArea<A, Calls> => area;
}
