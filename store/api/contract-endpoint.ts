import type { EndpointBuilder } from '@reduxjs/toolkit/query';
import type { Route } from '../../contract/api/route';
import type { CallOf } from '../../contract/api/calls';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf } from '../../contract/api/define';
import { callArgs, type CallInput } from './call-args';
import type { baseQueryWithReauth } from './base-query';

type Body<R extends Route> = BodyOf<CallOf<R>>;
type Params<R extends Route> = ParamsOf<CallOf<R>>;
type Query<R extends Route> = QueryOf<CallOf<R>>;

/** What a call's endpoint takes by default: its path parameters, else its query (GET), else its
 * body; nothing when the call has none of them. */
export type ArgOf<R extends Route> = [Params<R>] extends [void]
  ? [Body<R>] extends [void]
    ? [Query<R>] extends [void]
      ? void
      : Query<R>
    : Body<R>
  : Params<R>;

/** The request parts of a call, typed from its schemas. */
export interface TypedInput<R extends Route> {
  params?: Params<R> extends void ? never : Params<R>;
  query?: Query<R> extends void ? never : Query<R>;
  body?: Body<R> extends void ? never : Body<R>;
}

function defaultInput(route: Route, arg: unknown): CallInput {
  if (arg === undefined) return {};
  if (route.path.includes('/:')) return { params: arg as Record<string, string> };
  if (route.method === 'GET') return { query: arg as Record<string, string> };
  return { body: arg };
}

/** The request and answer of an endpoint, from the contract route it names. */
function fromContract<R extends Route, A>(route: R, request?: (arg: A) => TypedInput<R>) {
  return {
    query: (arg: A) => callArgs(route, request ? (request(arg) as CallInput) : defaultInput(route, arg)),
    transformResponse: (answer: unknown) => answer as ResponseOf<CallOf<R>>,
  };
}

interface EndpointOptions<R extends Route, A, Tag extends string> {
  /** Maps an argument of the endpoint's own shape onto the call's parts (default: `ArgOf`). */
  request?: (arg: A) => TypedInput<R>;
  /** A query's provided tags; a mutation's invalidated tags, or a function of its argument that
   * says which (a change that makes refetching pointless invalidates nothing). */
  tags?: readonly Tag[];
}

interface MutationOptions<R extends Route, A, Tag extends string> extends Omit<EndpointOptions<R, A, Tag>, 'tags'> {
  tags?: readonly Tag[] | ((arg: A) => readonly Tag[]);
}

/**
 * Endpoints tied to their contract call by the one route they name: the call's schemas type the
 * argument and the answer, and the route gives method and path.
 *
 *     endpoints: (build) => {
 *       const call = contractEndpoints(build);
 *       return { hmiName: call.query(SYSTEM_ROUTES.getHmiName, { tags: ['HmiName'] }) };
 *     }
 *
 * A query's `tags` are the tags it provides, a mutation's the tags it invalidates.
 */
export function contractEndpoints<Tag extends string>(build: EndpointBuilder<typeof baseQueryWithReauth, Tag, 'api'>) {
  return {
    query<R extends Route, A = ArgOf<R>>(route: R, { request, tags }: EndpointOptions<R, A, Tag> = {}) {
      return build.query<ResponseOf<CallOf<R>>, NoInfer<A>>({ ...fromContract(route, request), ...(tags ? { providesTags: [...tags] } : {}) });
    },
    mutation<R extends Route, A = ArgOf<R>>(route: R, { request, tags }: MutationOptions<R, A, Tag> = {}) {
      const invalidatesTags = typeof tags === 'function' ? (_result: unknown, _error: unknown, arg: A) => [...tags(arg)] : tags ? [...tags] : undefined;
      return build.mutation<ResponseOf<CallOf<R>>, NoInfer<A>>({ ...fromContract(route, request), ...(invalidatesTags ? { invalidatesTags } : {}) });
    },
  };
}
