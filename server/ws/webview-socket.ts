import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { SOCKET_AUTH_TIMEOUT_MS } from '../../contract/api';
import { webviewClientMessageSchema, type WebviewClientMessage, type WebviewServerMessage } from '../../contract/api/webview-socket';
import { WEBVIEW_CLOSE, WEBVIEW_COALESCE_MS, WEBVIEW_HEARTBEAT_MS, type WebviewRole, type WebviewWriteError } from '../../contract/api/webview.routes';
import type { Project } from '../../contract/project-format';
import type { Device } from '../device';
import { stopwatch } from '../lib/clock';
import type { AccessClaims } from '../services/tokens';
import type { TagValue } from '../services/tag-values';
import { webviewRoleOf } from '../services/webview-roles';
import { isWebviewTag, screenTagsOf } from '../services/webview-screens';
import { socketOriginAllowed } from './origin';

export interface WebviewSocketOptions {
  /** How long one minute of the idle timeout lasts (tests shorten it). */
  minuteMs: number;
  /** Messages a viewer may send in a second; past it the socket is closed (1008). */
  maxMessagesPerSecond: number;
  /** Bytes waiting on a viewer's socket past which its values wait too (coalesced, not queued). */
  maxBufferedBytes: number;
  /** Sockets that have not yet sent their token, at most. */
  maxUnauthenticated: number;
}

export const DEFAULT_WEBVIEW_SOCKET_OPTIONS: WebviewSocketOptions = {
  minuteMs: 60_000,
  maxMessagesPerSecond: 30,
  maxBufferedBytes: 512 * 1024,
  maxUnauthenticated: 64,
};

/** The largest message a viewer may send: a token, or a write of a 256-character text. */
const MAX_PAYLOAD = 8 * 1024;
/** The session, WebView's switch, the viewer's role and its idle time are checked every this many
 * ticks (250 ms). */
const POLICY_EVERY_TICKS = 5;

interface Viewer {
  socket: WebSocket;
  source: string;
  /** Null until its token is in. */
  claims: AccessClaims | null;
  role: WebviewRole | null;
  authTimer: NodeJS.Timeout | null;
  /** The screen it follows, and that screen's tags (none while no project has that screen). */
  screen: number | null;
  tags: readonly string[];
  /** The tick whose values it has: it is sent the tags changed after it. */
  base: number;
  lastActivityMs: number;
  messageWindowMs: number;
  messagesInWindow: number;
}

/**
 * The live channel of WebView (docs/decisions.md#the-webview-socket): the first message is the
 * access token, as on the time channel; then the viewer follows one screen and is sent its values,
 * all of them first and then only what changed, and writes tags through the same checked path as an
 * OPC UA client (TagValues.writeChecked).
 *
 * One loop serves every viewer: every WEBVIEW_COALESCE_MS it samples the tags any viewer follows
 * (the runtime's values, `device.tagValues`, at the device time: what the OPC UA server publishes),
 * notes which changed, and sends each viewer one message with its screen's changed tags (the same
 * text for every viewer of a screen). So a change reaches a viewer within one period, and a viewer
 * gets at most one `values` message per period however fast its tags change. The same loop enforces
 * what may end a viewer: its session revoked (4401), WebView turned off or its role gone (4403), the
 * idle timeout (4408); it runs only while a viewer is signed in.
 */
export class WebviewSocket {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  private readonly viewers = new Set<Viewer>();
  private readonly options: WebviewSocketOptions;
  private readonly elapsed = stopwatch();
  private readonly stopRevoked: () => void;
  private ticker: NodeJS.Timeout | null = null;
  private tick = 0;
  /** The project whose screens are followed (the running one when last looked at). */
  private project: Project | null = null;
  /** The tags some viewer follows, their last sampled values and the tick each last changed at. */
  private followed = new Set<string>();
  private followedStale = true;
  private readonly last = new Map<string, TagValue>();
  private readonly changedAt = new Map<string, number>();
  private lastHeartbeatMs = 0;

  constructor(
    private readonly device: Device,
    options: Partial<WebviewSocketOptions> = {},
  ) {
    this.options = { ...DEFAULT_WEBVIEW_SOCKET_OPTIONS, ...options };
    this.stopRevoked = device.tokens.onRevoked((ids) => {
      const revoked = new Set(ids);
      for (const v of [...this.viewers]) if (v.claims && revoked.has(v.claims.sessionId)) this.end(v, WEBVIEW_CLOSE.unauthorized, 'token revoked');
    });
  }

  /** One upgrade request to WEBVIEW_SOCKET_PATH (server/listen.ts routes it here). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const encrypted = (req.socket as TLSSocket).encrypted === true;
    if (!encrypted && !this.device.settings.get('http_enabled')) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (!socketOriginAllowed(this.device, req, encrypted)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const source = req.socket.remoteAddress ?? 'unknown';
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws, source));
  }

  /** Viewers signed in now. */
  get viewerCount(): number {
    let n = 0;
    for (const v of this.viewers) if (v.claims) n++;
    return n;
  }

  private onConnection(socket: WebSocket, source: string): void {
    if (this.viewers.size - this.viewerCount >= this.options.maxUnauthenticated) {
      socket.close(1013, 'too many sockets waiting for a token');
      return;
    }
    const v: Viewer = {
      socket,
      source,
      claims: null,
      role: null,
      authTimer: null,
      screen: null,
      tags: [],
      base: 0,
      lastActivityMs: this.elapsed(),
      messageWindowMs: this.elapsed(),
      messagesInWindow: 0,
    };
    this.viewers.add(v);
    v.authTimer = setTimeout(() => this.end(v, WEBVIEW_CLOSE.unauthorized, 'no token'), SOCKET_AUTH_TIMEOUT_MS);
    socket.on('message', (data, isBinary) => this.onMessage(v, data, isBinary));
    socket.on('close', () => this.drop(v));
    socket.on('error', () => this.drop(v));
  }

  private onMessage(v: Viewer, data: RawData, isBinary: boolean): void {
    if (!this.viewers.has(v)) return;
    if (v.claims === null) {
      this.authenticate(v, isBinary ? '' : data.toString().trim());
      return;
    }
    const now = this.elapsed();
    if (now - v.messageWindowMs >= 1000) {
      v.messageWindowMs = now;
      v.messagesInWindow = 0;
    }
    if (++v.messagesInWindow > this.options.maxMessagesPerSecond) {
      this.end(v, 1008, 'too many messages');
      return;
    }
    let message: WebviewClientMessage;
    try {
      if (isBinary) throw new Error('binary');
      message = webviewClientMessageSchema.parse(JSON.parse(data.toString()));
    } catch {
      this.end(v, 1008, 'unreadable message');
      return;
    }
    v.lastActivityMs = now;
    if (message.type === 'screen') this.follow(v, message.id);
    else if (message.type === 'write') this.write(v, message);
  }

  private authenticate(v: Viewer, token: string): void {
    let claims: AccessClaims;
    try {
      claims = this.device.tokens.verifyAccess(token);
    } catch {
      this.end(v, WEBVIEW_CLOSE.unauthorized, 'invalid token');
      return;
    }
    const settings = this.device.settings.get('webview');
    if (!settings.enabled) return this.end(v, WEBVIEW_CLOSE.forbidden, 'WebView is off');
    const role = webviewRoleOf(this.device, claims.username);
    if (role === null) return this.end(v, WEBVIEW_CLOSE.forbidden, 'this account may not view WebView');
    if (this.viewerCount >= settings.max_viewers) return this.end(v, WEBVIEW_CLOSE.full, 'the maximum number of viewers is reached');
    if (v.authTimer) clearTimeout(v.authTimer);
    v.authTimer = null;
    v.claims = claims;
    v.role = role;
    v.lastActivityMs = this.elapsed();
    // The first heartbeat says the token was taken.
    this.send(v, this.heartbeat());
    this.ensureTicker();
  }

  /** The running project; when it changed (another project, or the running one edited), every
   * viewer is sent its screen again whole. */
  private currentProject(): Project | null {
    const project = this.device.project.runtime.project;
    if (project !== this.project) {
      this.project = project;
      if (project) this.device.tagValues.sync(project);
      this.last.clear();
      this.changedAt.clear();
      this.followedStale = true;
      for (const v of this.viewers) if (v.claims && v.screen !== null) this.follow(v, v.screen);
    }
    return project;
  }

  /** The value of a followed tag as the loop last sampled it (sampled now for a tag no one
   * followed: no viewer holds an older value of it). */
  private sampled(tag: string): TagValue | undefined {
    const known = this.last.get(tag);
    if (known !== undefined) return known;
    const value = this.device.tagValues.value(tag, this.device.time.nowMs());
    if (value !== undefined) {
      this.last.set(tag, value);
      this.changedAt.set(tag, this.tick);
    }
    return value;
  }

  private follow(v: Viewer, screen: number): void {
    const project = this.currentProject();
    v.screen = screen;
    v.tags = (project && screenTagsOf(project, screen)) ?? [];
    this.followedStale = true;
    const values: Record<string, TagValue> = {};
    for (const tag of v.tags) {
      const value = this.sampled(tag);
      if (value !== undefined) values[tag] = value;
    }
    v.base = this.tick;
    this.send(v, JSON.stringify({ type: 'values', screen, values } satisfies WebviewServerMessage));
  }

  private write(v: Viewer, message: Extract<WebviewClientMessage, { type: 'write' }>): void {
    const claims = v.claims!;
    // The role now, not as the viewer signed in: a view-only user's writes are refused whatever
    // its page does.
    const role = webviewRoleOf(this.device, claims.username);
    const project = this.currentProject();
    let error: WebviewWriteError | null = null;
    let before: TagValue | undefined;
    let after: TagValue | undefined;
    if (role !== 'control') error = 'view_only';
    else if (!project || !isWebviewTag(project, message.tag)) error = 'unknown_tag';
    else {
      const written = this.device.tagValues.writeChecked(message.tag, message.value, this.device.time.nowMs());
      if (written.ok) ({ before, after } = written);
      else error = written.error;
    }
    this.device.oplog.record({
      account: claims.username,
      source: v.source,
      action: 'webview_write',
      target: `webview.tag:${message.tag}`,
      ...(error === null ? { before: { value: before }, after: { value: after } } : { after: { value: message.value } }),
      values: null,
      result: error ?? 'success',
    });
    this.send(
      v,
      JSON.stringify((error === null ? { type: 'write_result', id: message.id, ok: true } : { type: 'write_result', id: message.id, ok: false, error_code: error }) satisfies WebviewServerMessage),
    );
  }

  private ensureTicker(): void {
    if (this.ticker) return;
    this.lastHeartbeatMs = this.elapsed();
    this.ticker = setInterval(() => this.onTick(), WEBVIEW_COALESCE_MS);
  }

  private onTick(): void {
    this.tick++;
    const project = this.currentProject();
    if (this.tick % POLICY_EVERY_TICKS === 0) this.enforce();
    if (this.followedStale) this.refollow();

    // Sample what is followed; note what changed.
    if (project) {
      const now = this.device.time.nowMs();
      for (const tag of this.followed) {
        const value = this.device.tagValues.value(tag, now);
        if (value === undefined || this.last.get(tag) === value) continue;
        this.last.set(tag, value);
        this.changedAt.set(tag, this.tick);
      }
    }

    // One message per viewer at most: its screen's tags changed since it was last sent; one text
    // for every viewer of a screen that is up to date.
    const texts = new Map<string, string>();
    for (const v of this.viewers) {
      if (!v.claims || v.screen === null) continue;
      // A viewer that does not read fast enough gets its changes later, coalesced, never queued.
      if (v.socket.bufferedAmount > this.options.maxBufferedBytes) continue;
      const key = `${v.screen}:${v.base}`;
      let text = texts.get(key);
      if (text === undefined) {
        const values: Record<string, TagValue> = {};
        let changed = 0;
        for (const tag of v.tags) {
          if ((this.changedAt.get(tag) ?? -1) > v.base) {
            values[tag] = this.last.get(tag)!;
            changed++;
          }
        }
        text = changed > 0 ? JSON.stringify({ type: 'values', screen: v.screen, values } satisfies WebviewServerMessage) : '';
        texts.set(key, text);
      }
      v.base = this.tick;
      if (text) this.send(v, text);
    }

    if (this.elapsed() - this.lastHeartbeatMs >= WEBVIEW_HEARTBEAT_MS) {
      this.lastHeartbeatMs = this.elapsed();
      const text = this.heartbeat();
      for (const v of this.viewers) if (v.claims) this.send(v, text);
    }
  }

  /** What ends a viewer while it watches: its session revoked, WebView off, its role gone, idle. */
  private enforce(): void {
    const settings = this.device.settings.get('webview');
    const idleMs = settings.idle_timeout.enabled ? settings.idle_timeout.minutes * this.options.minuteMs : Infinity;
    const now = this.elapsed();
    for (const v of [...this.viewers]) {
      if (!v.claims) continue;
      if (!this.device.tokens.isSessionActive(v.claims.sessionId)) this.end(v, WEBVIEW_CLOSE.unauthorized, 'token revoked');
      else if (!settings.enabled) this.end(v, WEBVIEW_CLOSE.forbidden, 'WebView is off');
      else if ((v.role = webviewRoleOf(this.device, v.claims.username)) === null) this.end(v, WEBVIEW_CLOSE.forbidden, 'this account may not view WebView');
      else if (now - v.lastActivityMs >= idleMs) this.end(v, WEBVIEW_CLOSE.idle, 'idle timeout');
    }
  }

  /** The tags followed now; the values of tags no one follows any more are forgotten. */
  private refollow(): void {
    const followed = new Set<string>();
    for (const v of this.viewers) if (v.claims) for (const tag of v.tags) followed.add(tag);
    for (const tag of this.last.keys()) {
      if (!followed.has(tag)) {
        this.last.delete(tag);
        this.changedAt.delete(tag);
      }
    }
    this.followed = followed;
    this.followedStale = false;
  }

  private heartbeat(): string {
    return JSON.stringify({ type: 'heartbeat', at: new Date(this.device.time.nowMs()).toISOString() } satisfies WebviewServerMessage);
  }

  private send(v: Viewer, text: string): void {
    if (v.socket.readyState === v.socket.OPEN) v.socket.send(text);
  }

  private end(v: Viewer, code: number, reason: string): void {
    v.socket.close(code, reason);
    this.drop(v);
  }

  private drop(v: Viewer): void {
    if (!this.viewers.delete(v)) return;
    if (v.authTimer) clearTimeout(v.authTimer);
    v.authTimer = null;
    this.followedStale = true;
    if (this.viewerCount === 0 && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = null;
      this.refollow();
    }
  }

  /** Cuts every viewer off at once, as a power loss would (a simulated reboot). */
  dropClients(): void {
    for (const v of [...this.viewers]) {
      v.socket.terminate();
      this.drop(v);
    }
  }

  close(): void {
    this.stopRevoked();
    for (const v of [...this.viewers]) {
      v.socket.close(1001, 'server shutting down');
      this.drop(v);
    }
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    this.wss.close();
  }
}
