import type { z } from 'zod';
import type { AccountName, MenuId } from '../roles';

import type { Route } from './route';

export type { HttpMethod, Route } from './route';
export { API_BASE } from './route';

/** Who may make a call. `menu` checks the caller's effective roles (base + extra). */
export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'accounts'; accounts: readonly AccountName[] }
  | { kind: 'menu'; menu: MenuId };

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
  audit?: { action: string; target: string };
}

export function defineCall<
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
>(def: CallDef<Body, Query, Params, Response>): CallDef<Body, Query, Params, Response> {
  return def;
}

export type BodyOf<C> = C extends CallDef<infer B, any, any, any> ? (B extends z.ZodType ? z.infer<B> : void) : never;
export type QueryOf<C> = C extends CallDef<any, infer Q, any, any> ? (Q extends z.ZodType ? z.infer<Q> : void) : never;
export type ParamsOf<C> = C extends CallDef<any, any, infer P, any> ? (P extends z.ZodType ? z.infer<P> : void) : never;
export type ResponseOf<C> = C extends CallDef<any, any, any, infer R> ? z.infer<R> : never;
