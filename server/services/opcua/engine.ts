/**
 * Everything of the OPC UA server that touches node-opcua, loaded only when a server starts or
 * certificates are read (node-opcua and its standard nodeset weigh about 30 MB of a device's
 * memory; a panel whose server is off does not carry them).
 */
import {
  DataType,
  MessageSecurityMode,
  OPCUAServer,
  PermissionType,
  RegisterServerMethod,
  SecurityPolicy,
  StatusCodes,
  Variant,
  nodesets,
  type UAObject,
  type UAVariable,
  type Namespace,
  type UAFolder,
} from 'node-opcua';
import { setErrorLogger, setWarningLogger } from 'node-opcua-debug';
import { WellKnownRoles } from 'node-opcua-constants';
import { resolveNodeId, type NodeId } from 'node-opcua-nodeid';
import type { DataType as TagDataType, Project, ProjectTag, OpcuaFolderDef } from '../../../contract/project-format';
import { tagNodeId, type SecurityPolicy as PolicyName } from '../../../contract/rules/opcua';
import type { DeviceSettings } from '../settings';
import { verifyPassword } from '../passwords';
import { maxStringBytes, type TagWriteError } from '../tag-values';
import type { OpcuaPki } from './pki';
import type { TraceLog } from './trace';
import { endpointHosts, hostForClient, urlsForOtherMachines } from './addresses';
import { answerRefusalsWithErrorMessages } from './refusals';

// OPC UA's refusals as a foreign client reads them (./refusals).
answerRefusalsWithErrorMessages();

/** Sessions at once (the capability clients read); the 65th CreateSession is BadTooManySessions. */
const MAX_SESSIONS = 64;
/** Secure channels beyond the sessions: node-opcua drops a connection at its channel limit with a
 * TCP reset (when every channel has a session) and otherwise closes the oldest channel without
 * one. With room for more channels than sessions, a client past the session limit gets its
 * channel and reads BadTooManySessions from CreateSession (issue 27). */
const SPARE_CHANNELS = 16;

export type OpcuaSettingsStored = DeviceSettings['opcua'];

const POLICY_URIS: Record<PolicyName, SecurityPolicy> = {
  basic256sha256: SecurityPolicy.Basic256Sha256,
  aes128_sha256_rsaoaep: SecurityPolicy.Aes128_Sha256_RsaOaep,
  aes256_sha256_rsapss: SecurityPolicy.Aes256_Sha256_RsaPss,
};
const MODES = { sign: MessageSecurityMode.Sign, sign_encrypt: MessageSecurityMode.SignAndEncrypt } as const;

const DATA_TYPES: Record<TagDataType, DataType> = {
  bit: DataType.Boolean,
  int16: DataType.Int16,
  uint16: DataType.UInt16,
  int32: DataType.Int32,
  uint32: DataType.UInt32,
  float: DataType.Float,
  string: DataType.String,
};

/** The node-opcua roles a user's rights map to: browse → Observer, read → Operator, write → Engineer. */
const ROLE_OF = { browse: WellKnownRoles.Observer, read: WellKnownRoles.Operator, write: WellKnownRoles.Engineer } as const;

/** Where node-opcua's own warnings and errors go: the trace log of the server that runs, never
 * the device's stdout. Hooked when this module loads, before node-opcua's start-up checks print
 * (its PKCS#1 v1.5 notice concerns policies this server does not offer). */
const sinks = new Set<TraceLog>();
function toSinks(level: 'warning' | 'error') {
  return (_context?: unknown, ...args: unknown[]) => {
    if (sinks.size === 0) return;
    const text = args
      .map((a) => (typeof a === 'string' ? a : a instanceof Error ? a.message : Buffer.isBuffer(a) ? a.toString('hex') : safeJson(a)))
      .join(' ')
      // node-opcua colours its output.
      .replace(/\u001b\[[0-9;]*m/g, '');
    // Node.js's PKCS#1 v1.5 notice (W27, since Node 20) concerns policies this server does not offer (README).
    if (/NODE-OPCUA-W27|security-revert=CVE-2023-46809/.test(text)) return;
    sinks.forEach((s) => s.write(level, text));
  };
}
function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v, (_k, x: unknown) => (x && typeof x === 'object' && (x as { type?: string }).type === 'Buffer' && Array.isArray((x as { data?: unknown }).data) ? Buffer.from((x as { data: number[] }).data).toString('hex') : x)) ?? String(v);
  } catch {
    return String(v);
  }
}
setWarningLogger(toSinks('warning'));
setErrorLogger(toSinks('error'));

export function attachTrace(trace: TraceLog): void {
  sinks.add(trace);
}
export function detachTrace(trace: TraceLog): void {
  sinks.delete(trace);
}

/** A user from another source than the server's settings (Enhanced Security's accounts). */
export interface ExtraOpcuaUser {
  password_hash: string;
  rights: { browse: boolean; read: boolean; write: boolean };
}

export interface EngineHooks {
  trace: TraceLog;
  /** A user the settings do not name, from the device's other sources, as it is now. */
  extraUser?(username: string): ExtraOpcuaUser | undefined;
  /** The value of a tag now (the runtime's). */
  valueOf(tag: ProjectTag): number | string | boolean;
  /** Writes through the runtime's one checked write path; answers why it was refused, or null. */
  write(tag: ProjectTag, value: number | string): TagWriteError | null;
  /** Whether a sign-in attempt as `username` from `source` may be checked now (the console's
   * sign-in limits: per address, and per account across addresses); null when it may, else the
   * seconds to wait. An admitted attempt ends in `signedIn` or `signInAbandoned`. */
  admit(source: string, username: string): number | null;
  signedIn(source: string, username: string, ok: boolean): void;
  signInAbandoned(username: string): void;
  /** A secure channel failed (perhaps a certificate was just rejected). */
  channelFailed(): void;
  discovery(state: 'registered' | 'unavailable' | null): void;
}

export interface EngineOptions {
  host: string;
  hostname: string;
  applicationUri: string;
  version: string;
}

type OpcuaUser = OpcuaSettingsStored['users'][number];

/** A started server. */
export interface Engine {
  endpointUrl(): string;
  sessions(): number;
  /** Publishes `project`'s tree in place of the one published: folders and variables that stay
   * stay (with their subscriptions), the others are added, moved or deleted. */
  applyProject(project: Project): TreeChanges;
  /** New users and rights, at once: a user removed, or whose password changed, loses its open
   * sessions; the others keep theirs with their new rights. */
  applyUsers(users: readonly OpcuaUser[]): { closedSessions: number };
  shutdown(): Promise<void>;
}

/** What an update of the published tree changed (tags by name, folders by path). */
export interface TreeChanges {
  added: string[];
  removed: string[];
  moved: string[];
  folders: { added: string[]; removed: string[] };
}

/** Starts a server with `settings` publishing `project`'s tree; throws when it cannot start. */
export async function startEngine(settings: OpcuaSettingsStored, project: Project, pki: OpcuaPki, options: EngineOptions, hooks: EngineHooks): Promise<Engine> {
  const { trace } = hooks;
  const policies = (Object.keys(POLICY_URIS) as PolicyName[]).filter((p) => settings.security[p].length > 0);
  const allowed = new Set<string>();
  for (const p of policies) for (const m of settings.security[p]) allowed.add(`${POLICY_URIS[p]}|${MODES[m]}`);
  if (settings.security.none) allowed.add(`${SecurityPolicy.None}|${MessageSecurityMode.None}`);
  const modes = new Set<MessageSecurityMode>([...policies.flatMap((p) => settings.security[p].map((m) => MODES[m]))]);
  if (settings.security.none) modes.add(MessageSecurityMode.None);
  let users: readonly OpcuaUser[] = settings.users;
  // Endpoints at each of the device's names and addresses; each client is answered with those of
  // the address it used (answerAtTheAddressUsed below).
  const hosts = endpointHosts(options.host, options.hostname);
  const server = new OPCUAServer({
    port: settings.port,
    host: options.host,
    hostname: hosts[0],
    alternateHostname: hosts.slice(1),
    resourcePath: '',
    nodeset_filename: [nodesets.standard],
    serverCertificateManager: pki.server,
    userCertificateManager: pki.users,
    certificateFile: pki.certificateFile,
    privateKeyFile: pki.privateKeyFile,
    serverInfo: {
      applicationName: { text: settings.server_name, locale: 'en' },
      applicationUri: options.applicationUri,
      productUri: 'urn:hmi:opcua-server',
    },
    buildInfo: { productName: 'HMI OPC UA Server', manufacturerName: 'HMI', softwareVersion: options.version, buildNumber: options.version },
    securityPolicies: [...(settings.security.none ? [SecurityPolicy.None] : []), ...policies.map((p) => POLICY_URIS[p])],
    securityModes: [...modes],
    allowAnonymous: settings.anonymous,
    maxConnectionsPerEndpoint: MAX_SESSIONS + SPARE_CHANNELS,
    serverCapabilities: { maxSessions: MAX_SESSIONS } as never,
    registerServerMethod: settings.discovery ? RegisterServerMethod.LDS : RegisterServerMethod.HIDDEN,
    ...(settings.discovery ? { discoveryServerEndpointUrl: settings.discovery.url } : {}),
    userManager: {
      isValidUserAsync(this: { channel?: { remoteAddress?: string } | null }, username: string, password: string, callback: (err: Error | null, ok?: boolean) => void) {
        const source = this.channel?.remoteAddress ?? 'unknown';
        const user = users.find((u) => u.username === username) ?? hooks.extraUser?.(username);
        // A name that is no user is quoted: it is whatever the client sent.
        const who = user ? username : JSON.stringify(username);
        // The console's sign-in limits, with buckets of their own: per address, and per account
        // from every address, before any password is checked.
        const wait = hooks.admit(source, username);
        if (wait !== null) {
          trace.write('warning', `Session refused: too many sign-in attempts for ${who} from ${source} (next attempt in ${wait} s)`);
          callback(null, false);
          return;
        }
        const check = user ? verifyPassword(password, user.password_hash) : Promise.resolve(false);
        check.then(
          (ok) => {
            hooks.signedIn(source, username, ok);
            if (!ok) trace.write('warning', user ? `Session refused: wrong password for ${username} from ${source}` : `Session refused: no user ${who} (from ${source})`);
            callback(null, ok);
          },
          (err: unknown) => {
            hooks.signInAbandoned(username);
            callback(err instanceof Error ? err : new Error(String(err)), false);
          },
        );
      },
      getUserRoles: (username: string) => {
        if (username === 'anonymous') return anonymousRoles;
        const user = users.find((u) => u.username === username);
        if (!user) return extraRoles(username);
        return rolesOfRights(user);
      },
    },
  });
  // The roles of each user, resolved once: node-opcua asks a session's roles at every permission
  // check (three for each value a monitored item samples), and then, its list of role resolvers
  // being there even empty, parses the client's certificate and asks the OS for the host name each
  // time: a tenth of the server's time with 1000 items sampled at 100 ms. The override answers
  // what that resolution answers (the user's roles and AuthenticatedUser), from arrays made when
  // the users are set.
  //
  // node-opcua adds the Anonymous role to every session when it weighs permissions (its standard
  // nodes grant Anonymous what everyone may do), so our namespace grants Anonymous nothing: an
  // anonymous session, when allowed, gets the roles of a user with the browse and read rights
  // instead, and a named user has exactly its own rights.
  const authenticated = resolveNodeId(WellKnownRoles.AuthenticatedUser);
  const anonymousRoles: NodeId[] = settings.anonymous
    ? [resolveNodeId(ROLE_OF.browse), resolveNodeId(ROLE_OF.read)]
    : [resolveNodeId(WellKnownRoles.Anonymous)];
  const rolesOfRights = (rights: { browse: boolean; read: boolean; write: boolean }): NodeId[] =>
    (['browse', 'read', 'write'] as const).filter((r) => rights[r]).map((r) => resolveNodeId(ROLE_OF[r]));
  const rolesOfUsers = (list: readonly OpcuaUser[]) => new Map(list.map((u) => [u.username, Object.freeze([...rolesOfRights(u), authenticated])]));
  let rolesOf = rolesOfUsers(users);
  const authenticatedOnly = Object.freeze([authenticated]);
  // A user of another source (an Enhanced Security account): its rights as they are now (its
  // source answers from memory).
  function extraRoles(username: string): NodeId[] {
    const extra = hooks.extraUser?.(username);
    return extra ? rolesOfRights(extra.rights) : [];
  }
  server.setRolePolicyOverride({
    getUserRoles: (username) => {
      if (username === 'anonymous') return anonymousRoles;
      const own = rolesOf.get(username);
      if (own) return own as NodeId[];
      const extra = extraRoles(username);
      return extra.length > 0 ? [...extra, authenticated] : (authenticatedOnly as NodeId[]);
    },
  });
  let tree: PublishedTree;
  try {
    await server.initialize();
    tree = new PublishedTree(server, hooks);
    tree.update(project);
    // node-opcua offers every policy with every mode; keep the pairs the administrator ticked
    // (and the discovery-only None endpoint every server has for GetEndpoints).
    for (const endpoint of server.endpoints) {
      const list = (endpoint as unknown as { _endpoints: { securityPolicyUri: string; securityMode: MessageSecurityMode; restricted?: boolean }[] })._endpoints;
      const keep = list.filter((e) => e.restricted || allowed.has(`${e.securityPolicyUri}|${e.securityMode}`));
      list.splice(0, list.length, ...keep);
      endpoint.on('openSecureChannelFailure', () => setTimeout(() => hooks.channelFailed(), 50));
    }
    answerAtTheAddressUsed(server, hosts, trace);
    server.on('session_activated', (session) => trace.write('info', `Session activated: ${session.sessionName ?? ''} (${userName(session.userIdentityToken)})`));
    server.on('session_closed', (session, reason) => trace.write('info', `Session closed: ${session.sessionName ?? ''} (${String(reason)})`));
    server.on('create_session', (session) => trace.write('debug', `Session created: ${session.sessionName ?? ''}`));
    server.on('serverRegistered', () => hooks.discovery('registered'));
    server.on('serverRegistrationRenewed', () => hooks.discovery('registered'));
    server.on('serverRegistrationPending', () => hooks.discovery('unavailable'));
    server.on('serverUnregistered', () => hooks.discovery(null));
    await server.start();
  } catch (err) {
    try {
      await server.shutdown(0);
    } catch {
      // it never ran
    }
    throw err;
  }
  return {
    endpointUrl: () => server.getEndpointUrl(),
    sessions: () => server.currentSessionCount,
    applyProject: (next) => tree.update(next),
    applyUsers: (next) => {
      const before = new Map(users.map((u) => [u.username, u.password_hash]));
      users = next;
      rolesOf = rolesOfUsers(next);
      const after = new Map(next.map((u) => [u.username, u.password_hash]));
      // A session signed in with a password that is no longer the user's ends.
      const gone = new Set([...before].filter(([name, hash]) => after.get(name) !== hash).map(([name]) => name));
      let closedSessions = 0;
      for (const session of server.engine.getSessions()) {
        const name = (session.userIdentityToken as { userName?: string } | undefined)?.userName;
        if (name === undefined || !gone.has(name)) continue;
        server.engine.closeSession(session.authenticationToken, true, 'Terminated');
        closedSessions++;
      }
      return { closedSessions };
    },
    shutdown: () => server.shutdown(0),
  };
}

/** GetEndpoints and CreateSession answer with the endpoints of one host: the one of the URL the
 * client sent when it is the device's, else the address its connection reached (./addresses).
 * node-opcua filters by the URL the client sent and, when it knows none, answers every host's
 * endpoints in its own order, the first being the host name — to a client that then connects to
 * the first URL of its policy, as open62541 and node-opcua's client do, a name it may not
 * resolve (or `localhost`, its own machine). So the request's endpointUrl is set to that host's
 * URL before node-opcua's own handler runs (it looks the handler up on the server object by the
 * request's name, so an own property of the server takes its place). */
function answerAtTheAddressUsed(server: OPCUAServer, hosts: string[], trace: TraceLog): void {
  const localAddress = new Map<string, string>();
  for (const endpoint of server.endpoints) {
    const listener = (endpoint as unknown as { _server?: import('node:net').Server })._server;
    listener?.on('connection', (socket) => {
      const key = `${socket.remoteAddress}|${socket.remotePort}`;
      if (socket.localAddress) localAddress.set(key, socket.localAddress);
      socket.once('close', () => localAddress.delete(key));
    });
  }
  // The URLs registered with a discovery server (./addresses: without the loopback ones).
  const discoveryUrls = server.getDiscoveryUrls.bind(server);
  server.getDiscoveryUrls = () => urlsForOtherMachines(discoveryUrls());
  type Handler = (message: { request: { endpointUrl?: string | null } }, channel: { remoteAddress?: string; remotePort?: number }) => unknown;
  const handlers = server as unknown as Record<string, Handler>;
  for (const name of ['_on_GetEndpointsRequest', '_on_CreateSessionRequest']) {
    const original = handlers[name]!;
    handlers[name] = function (this: OPCUAServer, message, channel) {
      const asked = message.request.endpointUrl ?? null;
      const host = hostForClient(hosts, asked, localAddress.get(`${channel.remoteAddress}|${channel.remotePort}`));
      const port = server.endpoints[0]?.port ?? 0;
      message.request.endpointUrl = `opc.tcp://${host}:${port}`;
      if (asked !== message.request.endpointUrl) trace.write('debug', `${name.slice(4, -7)} for ${JSON.stringify(asked)}: answered at ${message.request.endpointUrl}`);
      return original.call(this, message, channel);
    };
  }
}

/** The project's tree as published: each folder under Objects at `ns=1;s=/<root>/<folder>…`,
 * each tag a variable bound to the runtime's value at `ns=1;s=<tag name>`. `update` publishes a new
 * tree in place of the old one without restarting the server: what stays keeps its node (and the
 * clients' monitored items on it), a tag whose folder changed is moved there, a tag whose data
 * type, access or string length changed is made anew, and what went is deleted. */
class PublishedTree {
  private readonly folders = new Map<string, UAObject | UAFolder>();
  private readonly tags = new Map<string, { node: UAVariable; tag: ProjectTag; folder: string }>();
  private readonly namespace: Namespace;

  constructor(
    private readonly server: OPCUAServer,
    private readonly hooks: EngineHooks,
  ) {
    this.namespace = server.engine.addressSpace!.getOwnNamespace();
    const P = PermissionType;
    // Anonymous is every session's (see the roles above): it is granted nothing here.
    this.namespace.setDefaultRolePermissions([
      { roleId: resolveNodeId(WellKnownRoles.Anonymous), permissions: 0 },
      { roleId: resolveNodeId(WellKnownRoles.AuthenticatedUser), permissions: 0 },
      { roleId: resolveNodeId(ROLE_OF.browse), permissions: P.Browse | P.ReadRolePermissions },
      { roleId: resolveNodeId(ROLE_OF.read), permissions: P.Read },
      { roleId: resolveNodeId(ROLE_OF.write), permissions: P.Write },
    ]);
  }

  update(project: Project): TreeChanges {
    const addressSpace = this.server.engine.addressSpace!;
    const namespace = this.namespace;
    const defined = new Map(project.tags.map((t) => [t.name, t]));
    const wantFolders: { path: string; name: string; parent: string | null }[] = [];
    const wantTags = new Map<string, { tag: ProjectTag; folder: string }>();
    const walk = (def: OpcuaFolderDef, path: string, parent: string | null) => {
      wantFolders.push({ path, name: def.name, parent });
      for (const f of def.folders) walk(f, `${path}/${f.name}`, path);
      for (const name of def.tags) {
        const tag = defined.get(name);
        if (tag && !wantTags.has(name)) wantTags.set(name, { tag, folder: path });
      }
    };
    walk(project.opcua.root, `/${project.opcua.root.name}`, null);
    const changes: TreeChanges = { added: [], removed: [], moved: [], folders: { added: [], removed: [] } };

    for (const f of wantFolders) {
      if (this.folders.has(f.path)) continue;
      const parent = f.parent === null ? addressSpace.rootFolder.objects : this.folders.get(f.parent)!;
      this.folders.set(f.path, namespace.addFolder(parent, { browseName: f.name, nodeId: `s=${f.path}` }));
      changes.folders.added.push(f.path);
    }
    for (const [name, published] of [...this.tags]) {
      const want = wantTags.get(name);
      if (want && sameShape(published.tag, want.tag)) continue;
      namespace.deleteNode(published.node);
      this.tags.delete(name);
      changes.removed.push(name);
    }
    for (const [name, want] of wantTags) {
      const folder = this.folders.get(want.folder)!;
      const published = this.tags.get(name);
      if (!published) {
        this.tags.set(name, { node: addTag(namespace, folder, want.tag, this.hooks), tag: want.tag, folder: want.folder });
        changes.added.push(name);
        continue;
      }
      if (published.folder !== want.folder) {
        const from = this.folders.get(published.folder)!;
        from.removeReference({ referenceType: 'HasComponent', isForward: true, nodeId: published.node.nodeId });
        folder.addReference({ referenceType: 'HasComponent', isForward: true, nodeId: published.node.nodeId });
        published.folder = want.folder;
        changes.moved.push(name);
      }
      published.tag = want.tag;
    }
    // Folders that went, the deepest first (their tags were moved or deleted above).
    const wanted = new Set(wantFolders.map((f) => f.path));
    for (const path of [...this.folders.keys()].filter((p) => !wanted.has(p)).sort((a, b) => b.length - a.length)) {
      const node = this.folders.get(path)!;
      if (addressSpace.findNode(node.nodeId)) namespace.deleteNode(node);
      this.folders.delete(path);
      changes.folders.removed.push(path);
    }
    return changes;
  }
}

/** Whether a published variable can stay as it is for `next`: what its node says is the same. */
function sameShape(published: ProjectTag, next: ProjectTag): boolean {
  return (
    published.data_type === next.data_type &&
    published.access.read === next.access.read &&
    published.access.write === next.access.write &&
    (next.data_type !== 'string' || published.length === next.length)
  );
}

function addTag(namespace: Namespace, folder: UAObject | UAFolder, tag: ProjectTag, hooks: EngineHooks): UAVariable {
  const dataType = DATA_TYPES[tag.data_type];
  const readable = tag.access.read;
  const writable = tag.access.write;
  const level = (readable ? 'CurrentRead' : '') + (writable ? (readable ? ' | CurrentWrite' : 'CurrentWrite') : '');
  const variable = namespace.addVariable({
    componentOf: folder,
    browseName: tag.name,
    nodeId: tagNodeId(tag.name).slice('ns=1;'.length),
    dataType,
    accessLevel: level || 'None',
    userAccessLevel: level || 'None',
    minimumSamplingInterval: 100,
    value: {
      get: () => new Variant({ dataType, value: hooks.valueOf(tag) }),
      set: (variant: Variant) => {
        const v = variant.value as unknown;
        const refused = hooks.write(tag, tag.data_type === 'bit' ? (v ? 1 : 0) : (v as number | string));
        if (refused === null) {
          hooks.trace.write('debug', `Write ${tag.name} = ${JSON.stringify(v)}`);
          return StatusCodes.Good;
        }
        hooks.trace.write('debug', `Write ${tag.name} refused (${refused})`);
        if (refused === 'not_writable') return StatusCodes.BadNotWritable;
        // Text of the right type that does not fit the tag: a value out of its range (Part 4's
        // Write results), nothing written.
        if (refused === 'invalid_value' && tag.data_type === 'string' && typeof v === 'string') return StatusCodes.BadOutOfRange;
        return StatusCodes.BadTypeMismatch;
      },
    },
  });
  if (tag.data_type === 'string') {
    // Part 3 §5.6.4: the bytes a String DataVariable holds; the tag's words hold two each.
    namespace.addVariable({
      propertyOf: variable,
      browseName: { name: 'MaxStringLength', namespaceIndex: 0 },
      typeDefinition: 'PropertyType',
      dataType: DataType.UInt32,
      accessLevel: 'CurrentRead',
      userAccessLevel: 'CurrentRead',
      value: { dataType: DataType.UInt32, value: maxStringBytes(tag) },
    });
  }
  return variable;
}

function userName(token: unknown): string {
  const t = token as { userName?: string; constructor?: { name?: string } } | undefined;
  if (t?.userName) return `user ${t.userName}`;
  return t?.constructor?.name === 'AnonymousIdentityToken' ? 'anonymous' : 'unknown';
}
