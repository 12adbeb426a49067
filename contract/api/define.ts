import type { z } from 'zod';
import { effectiveRoles, type AccountName, type MenuId } from '../roles';
import type { AuditTarget, CallAuditAction } from '../audit';

import type { Route } from './route';

export type { HttpMethod, Route } from './route';
export { API_BASE } from './route';

/** Who may make a call. `menu` checks the caller's effective roles (base + extra) and, when it
 * names `accounts`, that the caller is one of them too (History reads the event log but does not
 * acknowledge alarms). */
export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'accounts'; accounts: readonly AccountName[] }
  | { kind: 'menu'; menu: MenuId; accounts?: readonly AccountName[] };

/** Whether `account`, with its extra roles, may make a call of this access: the server's check,
 * and what the console asks before it offers a control. */
export function mayCall(access: Access, account: AccountName, extraRoles: readonly MenuId[] = []): boolean {
  switch (access.kind) {
    case 'public':
    case 'authenticated':
      return true;
    case 'accounts':
      return access.accounts.includes(account);
    case 'menu':
      return effectiveRoles(account, extraRoles).has(access.menu) && (access.accounts === undefined || access.accounts.includes(account));
  }
}

export interface CallDef<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> extends Route {
  tag: string;
  summary: string;
  access: Access;
  body?: Body;
  query?: Query;
  params?: Params;
  response: Response;
  /** Mutating calls name the operation-log action they write. */
  audit?: CallAudit;
  /**
   * Whether the call still answers while the caller's password is expired and the device allows
   * no operations before the update (403 `password_expired` otherwise): the password change,
   * sign-out, the user info and what the shell needs to show the expiry dialog.
   */
  whilePasswordExpired?: 'allowed';
  /** A multipart upload: its file parts and its text parts (validated like a body). */
  upload?: UploadDef;
  /** The status of a success answer: 202 when the call started a job. */
  successStatus?: 200 | 202;
  /** A call that answers a file (`answerFormat: 'file'`): its content type. */
  download?: { contentType: string };
}

/** The parts of a multipart upload. Files stream to disk, bounded in size and checked by their
 * content (never by their name); text parts are validated by `fields`. */
export interface UploadDef {
  files: Record<string, { summary: string; /** The file name endings the console offers. */ accept: readonly string[]; required: boolean }>;
  fields?: z.ZodObject;
}

/** The operation-log row a mutating call writes. */
export interface CallAudit {
  action: CallAuditAction;
  /** What the row is about; the handler may make it more precise (`account.admin`). */
  target: AuditTarget;
  /** The shape of the row's `before` and `after` when the handler records something other than
   * the request body (a setting as stored, the form without its envelope). Its secret marks
   * (./secret.ts) are what the log masks. Defaults to the body schema; the body itself, logged
   * when the handler records nothing or the call is refused, is always masked by the body schema. */
  values?: z.ZodType;
}

/** A call of the contract; its id stays a literal type, so the console can find a call's types
 * from its zod-free route alone (`CallOf` in contract/api/calls.ts). */
export function defineCall<
  Id extends string,
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
>(def: CallDef<Body, Query, Params, Response> & { id: Id }): CallDef<Body, Query, Params, Response> & { id: Id } {
  return def;
}

export type BodyOf<C> = C extends CallDef<infer B, any, any, any> ? (B extends z.ZodType ? z.infer<B> : void) : never;
export type QueryOf<C> = C extends CallDef<any, infer Q, any, any> ? (Q extends z.ZodType ? z.infer<Q> : void) : never;
export type ParamsOf<C> = C extends CallDef<any, any, infer P, any> ? (P extends z.ZodType ? z.infer<P> : void) : never;
export type ResponseOf<C> = C extends CallDef<any, any, any, infer R> ? z.infer<R> : never;
