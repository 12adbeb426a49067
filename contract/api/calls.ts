/** Types only: finds a call's schemas from its zod-free route, so the console types an endpoint
 * from the one route it names and never loads zod. */
import type { ContractAreaOf } from '../areas';
import type { CallDef } from './define';
import type { Route } from './route';

type AreaModule = ContractAreaOf extends infer A ? (A extends { readonly calls?: infer M } ? NonNullable<M> : never) : never;
type CallsIn<M> = M extends unknown ? Extract<M[keyof M], CallDef> : never;

/** Every call of the contract, as a union of their exact types. */
export type AnyCall = CallsIn<AreaModule>;

/** The call a route belongs to (matched by its id). */
export type CallOf<R extends Route> = Extract<AnyCall, { id: R['id'] }>;

/** The id of any call of the contract (`'<area>.<name>'`). */
export type CallId = AnyCall['id'];
