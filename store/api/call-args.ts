import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { Route } from '../../contract/api/route';

/** The parts of one request: path parameters, query string, body. */
export interface CallInput {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** The request of one contract call: its method and path, path parameters filled in, the query
 * string, and the body (form-encoded where the contract says so). The path lives only in contract/. */
export function callArgs(call: Route, input: CallInput = {}): FetchArgs {
  let url = call.path;
  for (const [k, v] of Object.entries(input.params ?? {})) url = url.replace(`:${k}`, encodeURIComponent(v));
  const args: FetchArgs = { url, method: call.method };
  if (input.query) args.params = input.query;
  if (input.body !== undefined) {
    args.body =
      call.bodyFormat === 'form'
        ? new URLSearchParams(Object.entries(input.body as Record<string, string>)).toString()
        : input.body;
    if (call.bodyFormat === 'form') args.headers = { 'content-type': 'application/x-www-form-urlencoded' };
  }
  return args;
}
