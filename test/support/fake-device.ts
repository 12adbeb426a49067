/**
 * The simulated device the component tests talk to: `fetch` replaced by handlers per method and
 * path, and every answer checked against the contract, so a fake cannot drift from what the real
 * device may say. A request goes to the contract's call with that method and path (Fastify-style
 * `:param` segments match any one segment; a literal segment wins over a parameter); a 2xx body
 * must satisfy the call's response schema, an error body the error schema, and neither may carry
 * a field its schema does not name. A request to a path no call has, an answer of any other
 * status, or a body that breaks its schema is a violation: the fake still answers it (so the
 * screen behaves as the test wrote it), and the test fails when it ends (component-setup.ts)
 * with the call and the zod issues.
 */
import type { z } from 'zod';
import { ALL_CALLS, type CallDef } from '../../contract/api';
import { errorBodySchema } from '../../contract/errors';

/** One request the console sent to the simulated device. */
export interface SentRequest {
  method: string;
  path: string;
  /** The JSON body parsed, a form body as an object of its fields, undefined when none. */
  body: unknown;
  /** The query string, without the `?` ('' when none). */
  query: string;
  /** The request headers, names in lower case. */
  headers: Record<string, string>;
  /** What the device answered (set once it has). */
  answer?: DeviceAnswer;
}

export interface DeviceAnswer {
  status?: number;
  body?: unknown;
}

/** Answers by "METHOD /api/v1/path"; a handler may answer from state it keeps, and may look at
 * the whole request (its headers, say) through the second argument. A handler that throws makes
 * the request fail as an unreachable device would (`throw new TypeError('Failed to fetch')`). */
export type DeviceHandlers = Record<string, (body: unknown, request: SentRequest) => DeviceAnswer | Promise<DeviceAnswer>>;

const offContractAnswers = new WeakSet<DeviceAnswer>();

/**
 * Marks an answer the test gives on purpose although the contract does not allow it (to see the
 * console survive it); the check lets it through. `why` says what it stands for, for the reader.
 */
export function offContract<A extends DeviceAnswer>(answer: A, why: string): A {
  offContractAnswers.add(answer);
  return answer;
}

export interface FakeDeviceOptions {
  /** "METHOD /path" keys the test sends on purpose although no call of the contract has them;
   * their answers are not checked. */
  unknownPaths?: readonly string[];
}

export interface FakeDevice {
  requests: SentRequest[];
  /** The bodies sent to one call, in order. */
  sent(method: string, path: string): unknown[];
  handlers: DeviceHandlers;
}

// ---------------------------------------------------------------------------------------------
// The contract check
// ---------------------------------------------------------------------------------------------

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** The contract's call for a method and a concrete path, or undefined. Where several match, the
 * one with a literal segment earliest wins (as Fastify routes `/auth/token/app` before
 * `/auth/token/:role`). */
export function findCall(method: string, path: string): CallDef | undefined {
  const wanted = segmentsOf(path);
  let best: { call: CallDef; rank: string } | undefined;
  for (const call of ALL_CALLS) {
    if (call.method !== method) continue;
    const pattern = segmentsOf(call.path);
    if (pattern.length !== wanted.length) continue;
    if (!pattern.every((p, i) => p.startsWith(':') || p === wanted[i])) continue;
    // '0' for a literal segment, '1' for a parameter: the smallest rank is the most specific.
    const rank = pattern.map((p) => (p.startsWith(':') ? '1' : '0')).join('');
    if (!best || rank < best.rank) best = { call, rank };
  }
  return best?.call;
}

/** The value at `path` in `body` (undefined when it is not there). */
function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** One line per zod issue: where, what the schema wanted (cut when it lists a long enum), and
 * what the fake gave. */
function describeIssues(error: z.ZodError, body: unknown): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length ? issue.path.map(String).join('.') : '(body)';
      const wanted = issue.message.length > 140 ? `${issue.message.slice(0, 140)}…` : issue.message;
      const given = valueAt(body, issue.path);
      return `    ${where}: ${wanted} (got ${given === undefined ? 'nothing' : JSON.stringify(given)})`;
    })
    .join('\n');
}

/** The places of `given` whose keys the parse dropped: fields the schema does not name. */
function extraFields(given: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(given) && Array.isArray(parsed)) {
    return given.flatMap((item, i) => extraFields(item, parsed[i], `${path}[${i}]`));
  }
  if (typeof given !== 'object' || given === null || typeof parsed !== 'object' || parsed === null) return [];
  return Object.entries(given).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    return key in parsed ? extraFields(value, (parsed as Record<string, unknown>)[key], at) : [at];
  });
}

/**
 * What is wrong with one answer to `METHOD path`, or null when the contract allows it. `body` is
 * what went over the wire (after JSON), so it is checked exactly as the console receives it.
 */
export function contractViolation(method: string, path: string, status: number, body: unknown): string | null {
  const call = findCall(method, path);
  const what = `${method} ${path}`;
  if (!call) return `${what}: no call of the contract has this method and path`;
  const named = `${what} (${call.id}) answered ${status}`;
  const schema = status >= 200 && status < 300 ? call.response : status >= 400 && status < 600 ? errorBodySchema : null;
  if (!schema) return `${named}: the contract has no answer with this status`;
  const against = schema === errorBodySchema ? 'the error body' : `the response of ${call.id}`;
  const result = schema.safeParse(body);
  if (!result.success) return `${named}, which breaks ${against}:\n${describeIssues(result.error, body)}`;
  // zod objects let unknown keys through (and drop them): a field the schema does not name is one
  // the real device need not send, so a screen must not depend on it.
  const extra = extraFields(body, result.data);
  if (extra.length === 0) return null;
  return `${named} with fields ${against} does not have:\n${extra.map((f) => `    ${f}`).join('\n')}`;
}

/** One answer the contract does not allow, with the test that was running when it came. */
export interface ContractViolation {
  problem: string;
  test: string | undefined;
}

/** Violations seen since the last `takeContractViolations`. On globalThis so that a test that
 * resets its modules still reports into the list the setup file reads. */
const shared = globalThis as { __fakeDeviceViolations?: ContractViolation[] };
function violations(): ContractViolation[] {
  shared.__fakeDeviceViolations ??= [];
  return shared.__fakeDeviceViolations;
}

function recordViolation(problem: string): void {
  violations().push({ problem, test: expect.getState().currentTestName });
}

/** Returns and forgets the violations recorded so far. component-setup.ts fails each test that
 * leaves any; a test that breaks the contract on purpose takes them itself. */
export function takeContractViolations(): ContractViolation[] {
  return violations().splice(0);
}

/** The failure for `found`, seen from the test `current`; an answer that came while another
 * test ran (a request still under way when that one ended) says which. */
export function contractFailureMessage(found: readonly ContractViolation[], current = expect.getState().currentTestName): string {
  const lines = found.map((v) => `  - ${v.problem}${v.test !== current ? `\n    (answered during "${v.test ?? 'no test'}")` : ''}`);
  return `The fake device broke the contract (contract/api) ${found.length} time(s):\n${lines.join('\n')}`;
}

/** Throws, naming each call and its zod issues, if a fake answered against the contract since
 * the last check; forgets them either way. component-setup.ts runs it after every test. */
export function assertNoContractViolations(): void {
  const found = takeContractViolations();
  if (found.length > 0) throw new Error(contractFailureMessage(found));
}

// ---------------------------------------------------------------------------------------------
// The fake
// ---------------------------------------------------------------------------------------------

const NOT_FOUND: DeviceAnswer = { status: 404, body: { message: 'Not found', error_code: 'not_found' } };

/** Replaces `fetch` with a device that answers per method and path, like the panel would. A
 * call the test gives no handler for answers 404 not_found. */
export function fakeDevice(handlers: DeviceHandlers, { unknownPaths = [] }: FakeDeviceOptions = {}): FakeDevice {
  const unchecked = new Set(unknownPaths);
  const device: FakeDevice = {
    requests: [],
    handlers,
    sent: (method, path) => device.requests.filter((r) => r.method === method && r.path === path).map((r) => r.body),
  };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const headers = Object.fromEntries([...request.headers.entries()].map(([k, v]) => [k.toLowerCase(), v]));
    const form = (headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
    const body: unknown = !text ? undefined : form ? Object.fromEntries(new URLSearchParams(text)) : JSON.parse(text);
    const sent: SentRequest = { method: request.method, path: url.pathname, body, query: url.search.slice(1), headers };
    device.requests.push(sent);
    const key = `${request.method} ${url.pathname}`;
    const handler = device.handlers[key];
    const answer: DeviceAnswer = handler ? await handler(body, sent) : NOT_FOUND;
    sent.answer = answer;
    const status = answer.status ?? 200;
    const wire = JSON.stringify(answer.body ?? null);
    if (!unchecked.has(key) && !offContractAnswers.has(answer)) {
      const problem = contractViolation(request.method, url.pathname, status, JSON.parse(wire));
      if (problem) recordViolation(problem);
    }
    return new Response(wire, { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return device;
}
