import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { mayCall, type BodyOf, type CallDef, type ParamsOf, type QueryOf, type ResponseOf } from '../../contract/api/define';
import { UNAUTHORIZED_JWT_MESSAGE } from '../../contract/errors';
import type { AccountName } from '../../contract/roles';
import type { AuditTarget } from '../../contract/audit';
import { expirationFromWire, isPasswordExpired } from '../../contract/rules/password-expiration';
import { ApiError } from '../lib/api-error';
import type { Device } from '../device';
import { ApiKeyService, auditSource, type KeyScope } from '../services/api-keys';

export interface Caller {
  /** The account signed in, by its own name: what the operation log names. */
  username: string;
  /** The built-in account whose permissions it has (itself, or a WebView user's role's built-in
   * user): what every access check asks (docs/decisions.md#webview-users). */
  account: AccountName;
  sessionId: string;
  expiresAt: number;
  /** A call made with an API key: the key's scope, checked beside the account's (server/services/api-keys.ts). */
  apiKey?: KeyScope;
}

export interface CallContext<C extends CallDef> {
  body: BodyOf<C>;
  query: QueryOf<C>;
  params: ParamsOf<C>;
  /** Null only on public calls. */
  caller: C['access'] extends { kind: 'public' } ? Caller | null : Caller;
  source: string;
  req: FastifyRequest;
  reply: FastifyReply;
  /** What the operation-log row of this call records; defaults to the body. The values are masked
   * by the schema that describes them: the entry's own, else the call's `audit.values`, else the
   * body schema. */
  audit(entry: AuditEntry): void;
}

export interface AuditEntry {
  before?: unknown;
  after?: unknown;
  /** The schema `before` and `after` follow, when the handler knows it better than the contract
   * (a setting as stored: `device.settings.schemaOf(key)`). */
  values?: z.core.$ZodType;
  target?: AuditTarget;
  /** The account a sign-in attempt was for, before any caller is known. */
  account?: string;
}

export function sourceOf(req: FastifyRequest): string {
  // The socket's address, never a forwarded-for header (docs/decisions.md#lockout).
  return req.socket.remoteAddress ?? 'unknown';
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(\S{1,4096})\s*$/i.exec(h);
  return m ? m[1]! : null;
}

export function authenticate(device: Device, req: FastifyRequest): Caller {
  const token = bearerToken(req);
  if (!token) throw new ApiError(401, 'unauthorized', UNAUTHORIZED_JWT_MESSAGE);
  if (ApiKeyService.isKey(token)) {
    const { account, scope } = device.apiKeys.authenticate(token, sourceOf(req));
    return { username: account, account, sessionId: `api-key:${scope.id}`, expiresAt: Number.MAX_SAFE_INTEGER, apiKey: scope };
  }
  const claims = device.tokens.verifyAccess(token);
  // The account's permissions are read at every call: a WebView user's role may have changed.
  const account = device.accounts.actingAccount(claims.username);
  if (account === null) throw new ApiError(400, 'invalid_token', 'The account of this token no longer exists');
  return { ...claims, account };
}

function authorize(device: Device, call: CallDef, caller: Caller): void {
  const access = call.access;
  if (caller.apiKey) ApiKeyService.authorizeKey(call, caller.apiKey);
  if (access.kind === 'accounts' && !mayCall(access, caller.account)) throw ApiError.forbidden();
  if (access.kind === 'menu' && !mayCall(access, caller.account, device.accounts.extraRoles(caller.username))) throw ApiError.forbidden();
}

/**
 * With expiry notifications on and no operations allowed before the update, a caller whose
 * password is older than the validity period may make only the calls marked
 * `whilePasswordExpired: 'allowed'` (the change itself, sign-out, what the expiry dialog needs):
 * the console's dialog is not the only guard. The same rule as the console's (contract/rules).
 */
function assertPasswordCurrent(device: Device, call: CallDef, caller: Caller): void {
  if (call.whilePasswordExpired === 'allowed') return;
  const settings = expirationFromWire(device.settings.get('password_expiration'));
  if (!settings.notificationEnable || settings.allowOperationsBeforeUpdate) return;
  const account = device.accounts.get(caller.username);
  if (account && isPasswordExpired(settings, account.password_updated_at, device.time.nowMs())) {
    throw new ApiError(403, 'password_expired', 'The password has expired: change it first');
  }
}

function parse<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue ? issue.path.map(String).join('.') : '';
  throw ApiError.validation(field || where, issue?.message ?? 'invalid');
}

/** What a handler answers: the call's response, or for a download (its response schema is a
 * Blob, what the console receives) the file's bytes as a stream; the handler sets its headers. */
export type HandlerResult<C extends CallDef> = ResponseOf<C> | (ResponseOf<C> extends Blob ? Readable : never);

/** Registers one call of the contract: token and role check, validation of path, query and body
 * by the call's schemas, then the handler, then the operation-log row for mutating calls. */
export function registerCall<C extends CallDef>(
  app: FastifyInstance,
  device: Device,
  call: C,
  handler: (ctx: CallContext<C>) => Promise<HandlerResult<C>> | HandlerResult<C>,
): void {
  app.route({
    method: call.method,
    url: call.path,
    handler: async (req, reply) => {
      const source = sourceOf(req);
      let caller: Caller | null = null;
      const audit: { entry: AuditEntry | null } = { entry: null };
      let body: unknown;
      try {
        if (call.access.kind !== 'public') {
          caller = authenticate(device, req);
          authorize(device, call, caller);
          assertPasswordCurrent(device, call, caller);
        }
        const params = call.params ? parse(call.params, req.params, 'params') : undefined;
        const query = call.query ? parse(call.query, req.query, 'query') : undefined;
        body = call.body ? parse(call.body, req.body ?? {}, 'body') : undefined;
        const ctx = {
          body,
          query,
          params,
          caller,
          source,
          req,
          reply,
          audit: (entry: AuditEntry) => {
            audit.entry = entry;
          },
        } as unknown as CallContext<C>;
        const result = await handler(ctx);
        if (call.successStatus) reply.code(call.successStatus);
        if (call.download) reply.header('content-type', call.download.contentType);
        if (call.audit) {
          // Values the handler recorded are masked by the schema it or the contract names for them;
          // the body, when it is what the row records, by the body schema.
          const entry = audit.entry;
          device.oplog.record({
            account: entry?.account ?? caller?.username ?? null,
            source: auditSource(source, caller),
            action: call.audit.action,
            target: entry?.target ?? call.audit.target,
            before: entry?.before,
            after: entry ? entry.after : body,
            values: (entry ? (entry.values ?? call.audit.values ?? call.body) : call.body) ?? null,
            result: 'success',
          });
        }
        return result;
      } catch (err) {
        // A refused change is logged too, once the caller is known (or the call is a sign-in).
        if (call.audit && err instanceof ApiError && (caller || call.access.kind === 'public')) {
          device.oplog.record({
            account: audit.entry?.account ?? caller?.username ?? null,
            source: auditSource(source, caller),
            action: call.audit.action,
            target: audit.entry?.target ?? call.audit.target,
            // What the handler recorded before refusing (an upload's file names), else the body.
            after: audit.entry ? audit.entry.after : body,
            values: (audit.entry ? (audit.entry.values ?? call.audit.values ?? call.body) : call.body) ?? null,
            result: err.errorCode,
          });
        }
        throw err;
      }
    },
  });
}
