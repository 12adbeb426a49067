import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { ApiError } from '../lib/api-error';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from '../../contract/api/auth';
import { EXPIRED_JWT_MESSAGE } from '../../contract/errors';
import type { AccountName } from '../../contract/roles';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
}

export interface AccessClaims {
  /** The account signed in: a built-in one or a WebView user (its permissions: `actingAccount`). */
  username: string;
  sessionId: string;
  expiresAt: number;
}

interface JwtPayload {
  sub: string;
  sid: string;
  iat: number;
  exp: number;
  jti: string;
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

const invalidToken = () => new ApiError(400, 'invalid_token', 'The token is not valid any more; sign in again');
const expiredToken = () => new ApiError(401, 'unauthorized', EXPIRED_JWT_MESSAGE);

/** Access JWTs (HS256, 15 minutes) tied to a session, and rotating refresh tokens. A session is a
 * refresh-token family: reusing a spent refresh token revokes the whole family. */
export class TokenService {
  private readonly sign: (payload: JwtPayload) => string;
  private readonly verifyJwt: (token: string) => JwtPayload;
  private readonly events = new EventEmitter();
  private readonly sessionRevokedAt;
  private readonly insertSession;
  private readonly insertRefresh;
  /** Sessions known to be live. This process is the database's only writer and every revocation
   * goes through `revokeSessions`, so the cache cannot go stale; it spares a query per request. */
  private readonly liveSessions = new Set<string>();
  /** Tokens whose signature has been checked, by their text. A Map lookup is far cheaper than the
   * library's cache, which hashes every token with SHA-256 to find it. Bounded; cleared when full. */
  private readonly signatureChecked = new Map<string, JwtPayload>();

  /** When each live session last made a call, since this process started (the stored
   * `last_seen_at` is written at sign-in and renewal only: a write per call would cost too much). */
  private readonly seen = new Map<string, number>();

  /** When a session last made a call this process saw, if it did. */
  lastSeen(sessionId: string): number | undefined {
    return this.seen.get(sessionId);
  }

  constructor(private readonly db: Db, private readonly clock: Clock, secret: string) {
    this.sign = createSigner({ key: secret, algorithm: 'HS256', noTimestamp: true }) as (p: JwtPayload) => string;
    // Expiry is checked against the injectable clock below, not by the library.
    this.verifyJwt = createVerifier({ key: secret, algorithms: ['HS256'], ignoreExpiration: true, ignoreNotBefore: true }) as (t: string) => JwtPayload;
    this.sessionRevokedAt = db.prepare('SELECT revoked_at FROM sessions WHERE id = ?');
    this.insertSession = db.prepare('INSERT INTO sessions (id, username, source, created_at, user_agent, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)');
    this.insertRefresh = db.prepare('INSERT INTO refresh_tokens (token_hash, session_id, issued_at, expires_at) VALUES (?, ?, ?, ?)');
    this.events.setMaxListeners(0);
  }

  /** Signs in: a new session with its first token pair; `userAgent`, the browser's, is kept for
   * Account Management's list of sessions. */
  issue(username: string, source: string, userAgent: string | null = null): TokenPair {
    const sessionId = crypto.randomUUID();
    const now = this.clock.now();
    let pair!: TokenPair;
    this.db.transaction(() => {
      this.insertSession.run(sessionId, username, source, now, userAgent, now);
      pair = this.pairFor(username, sessionId, now);
    })();
    return pair;
  }

  private pairFor(username: string, sessionId: string, now: number): TokenPair {
    const iat = Math.floor(now / 1000);
    const access_token = this.sign({ sub: username, sid: sessionId, iat, exp: iat + ACCESS_TOKEN_SECONDS, jti: crypto.randomUUID() });
    const refresh_token = crypto.randomBytes(32).toString('base64url');
    this.insertRefresh.run(sha256(refresh_token), sessionId, now, now + REFRESH_TOKEN_SECONDS * 1000);
    return { access_token, refresh_token, token_type: 'bearer', expires_in: ACCESS_TOKEN_SECONDS };
  }

  /** Rotates a refresh token. `account`, when given, must own the session (the admin token path). */
  refresh(refreshToken: string, account?: AccountName): { pair: TokenPair; username: string } {
    const now = this.clock.now();
    const row = this.db
      .prepare(
        `SELECT r.session_id, r.expires_at, r.used_at, s.username, s.revoked_at
         FROM refresh_tokens r JOIN sessions s ON s.id = r.session_id WHERE r.token_hash = ?`,
      )
      .get(sha256(refreshToken)) as
      | { session_id: string; expires_at: number; used_at: number | null; username: string; revoked_at: number | null }
      | undefined;
    if (!row || row.revoked_at !== null) throw invalidToken();
    if (row.used_at !== null) {
      this.revokeSessions([row.session_id], 'refresh_token_reuse');
      throw invalidToken();
    }
    if (row.expires_at <= now || (account !== undefined && account !== row.username)) throw invalidToken();
    const username = row.username;
    let pair!: TokenPair;
    this.db.transaction(() => {
      this.db.prepare('UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ?').run(now, sha256(refreshToken));
      this.db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?').run(now, row.session_id);
      pair = this.pairFor(username, row.session_id, now);
    })();
    return { pair, username };
  }

  /** Verifies an access token: forged or revoked → 400 invalid_token; expired → 401. */
  verifyAccess(token: string): AccessClaims {
    let payload = this.signatureChecked.get(token);
    if (!payload) {
      try {
        payload = this.verifyJwt(token);
      } catch {
        throw invalidToken();
      }
      if (this.signatureChecked.size >= 5000) this.signatureChecked.clear();
      this.signatureChecked.set(token, payload);
    }
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || payload.sub.length === 0) {
      throw invalidToken();
    }
    if (!this.isSessionActive(payload.sid)) throw invalidToken();
    if (payload.exp * 1000 <= this.clock.now()) throw expiredToken();
    if (this.seen.size >= 10_000) this.seen.clear();
    this.seen.set(payload.sid, this.clock.now());
    return { username: payload.sub, sessionId: payload.sid, expiresAt: payload.exp * 1000 };
  }

  isSessionActive(sessionId: string): boolean {
    if (this.liveSessions.has(sessionId)) return true;
    const session = this.sessionRevokedAt.get(sessionId) as { revoked_at: number | null } | undefined;
    const live = session !== undefined && session.revoked_at === null;
    if (live) {
      if (this.liveSessions.size >= 10_000) this.liveSessions.clear();
      this.liveSessions.add(sessionId);
    }
    return live;
  }

  revokeSessions(sessionIds: string[], reason: string): void {
    if (sessionIds.length === 0) return;
    const stmt = this.db.prepare('UPDATE sessions SET revoked_at = ?, revoke_reason = ? WHERE id = ? AND revoked_at IS NULL');
    const now = this.clock.now();
    this.db.transaction(() => sessionIds.forEach((id) => stmt.run(now, reason, id)))();
    for (const id of sessionIds) {
      this.liveSessions.delete(id);
      this.seen.delete(id);
    }
    this.events.emit('revoked', sessionIds);
  }

  /** Revokes every live session of the accounts, but for `keep` (the caller's own session). */
  revokeAccounts(usernames: readonly string[], reason: string, keep?: string): void {
    const ids: string[] = [];
    const stmt = this.db.prepare('SELECT id FROM sessions WHERE username = ? AND revoked_at IS NULL').pluck();
    for (const u of usernames) ids.push(...(stmt.all(u) as string[]).filter((id) => id !== keep));
    this.revokeSessions(ids, reason);
  }

  onRevoked(listener: (sessionIds: string[]) => void): () => void {
    this.events.on('revoked', listener);
    return () => this.events.off('revoked', listener);
  }
}
