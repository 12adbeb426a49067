import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { z } from 'zod';
import * as opcua from '../../contract/api/opcua';
import type { OpcuaNode, OpcuaSettingsInput } from '../../contract/api/opcua';
import { MAX_CERTIFICATE_BYTES } from '../../contract/api/opcua';
import type { OpcuaFolderDef } from '../../contract/project-format';
import { discoveryUrlProblem, treeProblems, userProblems } from '../../contract/rules/opcua';
import { registerCall } from '../http/register-call';
import { defineServerArea, setting } from '../http/area';
import { DEFAULT_OPCUA_SETTINGS } from '../../contract/rules/opcua';
import { secret } from '../../contract/api/secret';
import { receiveUpload, type FilePartRule } from '../http/upload';
import { ApiError } from '../lib/api-error';
import { hashPassword } from '../services/passwords';
import { opcuaNodeTree, treeToEdit } from '../services/opcua/node-tree';
import { driverTable } from '../services/communication';
import { OpcuaServerService } from '../services/opcua/server';
import { TraceLog } from '../services/opcua/trace';
import { SignInLimits } from '../services/sign-in-limits';
import { selfCheckItem, type SelfCheckItem } from '../../contract/api/self-check';
import { certificateFinding } from '../lib/certificate-expiry';

/** What the operation log keeps of a saved tree: counts and names, not 10,000 tags. */
const treeSummarySchema = z.object({
  folders: z.number(),
  tags: z.number(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.string()),
});
const NAMES_LOGGED = 50;

function countFolders(def: OpcuaFolderDef): number {
  return 1 + def.folders.reduce((n, f) => n + countFolders(f), 0);
}

function publishedTags(def: OpcuaFolderDef, out = new Set<string>()): Set<string> {
  def.tags.forEach((t) => out.add(t));
  def.folders.forEach((f) => publishedTags(f, out));
  return out;
}

function certificateRule(): FilePartRule {
  return {
    maxBytes: MAX_CERTIFICATE_BYTES,
    headBytes: 1,
    // DER starts with a SEQUENCE; PEM with its armour.
    accepts: (head) => head[0] === 0x30 || head.subarray(0, 5).toString('latin1') === '-----',
  };
}

export const opcuaArea = defineServerArea({
  name: 'opcua',
  settings: {
    /** The OPC UA server's settings; a user's password is kept as a scrypt hash only. No users at
     * first, so none lacks the password hash a stored user has. */
    opcua: setting(
      opcua.opcuaSettingsSchema.extend({ users: z.array(opcua.opcuaUserSchema.extend({ password_hash: secret(z.string()) })) }),
      () => ({ ...structuredClone(DEFAULT_OPCUA_SETTINGS), users: [] }),
    ),
  },
  services: (device, options): { opcua: OpcuaServerService } => {
    const { db, clock, time, oplog, project } = device;
    const dir = path.join(device.dataDir, 'opcua');
    const host = options.host ?? '127.0.0.1';
    return {
      /** The OPC UA server: its state, its certificates, its trace log. */
      opcua: new OpcuaServerService({
        dir,
        trace: new TraceLog(dir, () => time.nowMs()),
        tagValues: device.tagValues,
        runningProject: () => project.runtime.project,
        settings: device.settings.get('opcua'),
        options: {
          host,
          hostname: host === '127.0.0.1' || host === '::1' || host === 'localhost' ? 'localhost' : host === '0.0.0.0' || host === '::' ? os.hostname() : host,
          reservedPorts: [options.port ?? 8080, options.httpsPort ?? 8443].filter((p) => p > 0),
          version: device.version,
          deviceId: () => device.settings.get('device_identity').serial_number,
        },
        events: {
          clientRejected: (cert) =>
            oplog.record({ account: null, source: 'device', action: 'opcua_client_rejected', target: 'opcua.certificates', after: cert, values: null, result: 'failure' }),
        },
        limits: (accounts) => new SignInLimits(db, clock, accounts),
        now: () => time.nowMs(),
        clockNow: () => clock.now(),
      }),
    };
  },
  async start(device) {
    const { project, opcua } = device;
    // The OPC UA server publishes the tree of the project that runs, as edited.
    project.onEdit((p, part) => {
      if (part === 'opcua') opcua.applyProject(p);
    });
    // A project that starts (a restart, an update: the runtime runs it before it is the active one).
    project.runtime.on('state', (state) => {
      const running = project.runtime.project;
      if (state === 'running' && running) opcua.applyProject(running);
    });
    await opcua.start(project.project);
  },
  close: ({ opcua }) => opcua.close(),
  health: ({ opcua }) => [opcua.health()],
  selfCheck: {
    ids: ['opcua_security_none', 'opcua_anonymous', 'opcua_certificate_expiring', 'opcua_certificate_expired'],
    check(device): SelfCheckItem[] {
      const items: SelfCheckItem[] = [];
      const settings = device.settings.get('opcua');
      // Only a running server is open to clients; its certificate matters whenever it exists.
      if (settings.enabled && settings.security.none) items.push(selfCheckItem('opcua', 'opcua_security_none', 'high', 'opcua.security.none', 'opcua'));
      if (settings.enabled && settings.anonymous) items.push(selfCheckItem('opcua', 'opcua_anonymous', 'high', 'opcua.anonymous', 'opcua'));
      const cert = certificateFinding(path.join(device.dataDir, 'opcua', 'pki', 'own', 'certs', 'certificate.pem'), device.clock.now());
      if (cert) items.push(selfCheckItem('opcua', `opcua_certificate_${cert.kind}`, cert.kind === 'expired' ? 'high' : 'low', 'opcua.certificate', 'opcua', { days: cert.days }));
      return items;
    },
  },
  register(app, device) {
    const incoming = path.join(device.dataDir, 'opcua', 'incoming');
    const withUpload = async <T>(work: (dir: string) => Promise<T>): Promise<T> => {
      fs.mkdirSync(incoming, { recursive: true, mode: 0o700 });
      const dir = fs.mkdtempSync(path.join(incoming, 'u-'));
      try {
        return await work(dir);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    };
    const refusedFile = (err: unknown): never => {
      if (err instanceof ApiError && err.statusCode === 415) throw new ApiError(400, 'invalid_certificate', 'The file is not a certificate (DER or PEM)');
      throw err;
    };

    registerCall(app, device, opcua.opcuaNodeTree, () => opcuaNodeTree(device.project.project));

    registerCall(app, device, opcua.opcuaDriverTable, () => driverTable(device.project.project));

    registerCall(app, device, opcua.setNodeTree, ({ body, audit }) => {
      const root = body.nodes[0]!;
      if (root.kind !== 'folder') throw ApiError.rule(`${root.id}.kind`, 'root_not_folder');
      const problems = treeProblems(body.nodes, driverTable(device.project.project));
      for (const [id, p] of problems) {
        if (p.folder) throw ApiError.rule(`${id}.name`, p.folder);
        const [field, problem] = Object.entries(p.tag ?? {})[0]!;
        throw ApiError.rule(`${id}.${field}`, problem!);
      }
      const before = device.project.project;
      const existing = new Map(before.tags.map((t) => [t.name, t]));
      const edit = treeToEdit(root, existing);
      const was = publishedTags(before.opcua.root);
      const now = new Set(edit.tags.map((t) => t.name));
      const changed = edit.tags.filter((t) => {
        const old = existing.get(t.name);
        return old !== undefined && was.has(t.name) && JSON.stringify({ ...old, simulation: undefined }) !== JSON.stringify({ ...t, simulation: undefined });
      });
      device.project.saveEdit({ part: 'opcua', value: edit });
      audit({
        before: { folders: countFolders(before.opcua.root), tags: was.size, added: [], removed: [], changed: [] },
        after: {
          folders: countFolders(edit.root),
          tags: now.size,
          added: [...now].filter((n) => !was.has(n)).slice(0, NAMES_LOGGED),
          removed: [...was].filter((n) => !now.has(n)).slice(0, NAMES_LOGGED),
          changed: changed.map((t) => t.name).slice(0, NAMES_LOGGED),
        },
        values: treeSummarySchema,
      });
      return opcuaNodeTree(device.project.project);
    });

    registerCall(app, device, opcua.status, () => device.opcua.status());

    const answerSettings = (stored: ReturnType<typeof device.settings.get<'opcua'>>) => ({
      ...stored,
      users: stored.users.map(({ password_hash: _hash, ...u }) => u),
    });

    registerCall(app, device, opcua.getSettings, () => answerSettings(device.settings.get('opcua')));

    registerCall(app, device, opcua.setSettings, async ({ body, audit }) => {
      const current = device.settings.get('opcua');
      const stored = new Map(current.users.map((u) => [u.username, u]));
      const users = userProblems(body.users, new Set(stored.keys()));
      for (const [i, p] of users) {
        const [field, problem] = Object.entries(p)[0]!;
        throw ApiError.rule(`users.${i}.${field}`, problem!);
      }
      if (body.discovery) {
        const p = discoveryUrlProblem(body.discovery.url);
        if (p) throw ApiError.rule('discovery.url', p);
      }
      if (device.opcua.reservedPorts().includes(body.port)) {
        throw new ApiError(409, 'port_in_use', `Port ${body.port} is used by the panel's web server`);
      }
      const hashed = await Promise.all(
        body.users.map(async (u: OpcuaSettingsInput['users'][number]) => ({
          username: u.username,
          browse: u.browse,
          read: u.read,
          write: u.write,
          password_hash: u.password ? await hashPassword(u.password) : stored.get(u.username)!.password_hash,
        })),
      );
      const next = { ...body, users: hashed };
      const { before, after } = device.db.transaction(() => {
        const was = device.settings.get('opcua');
        device.settings.set('opcua', next);
        return { before: was, after: next };
      })();
      audit({ before, after, values: device.settings.schemaOf('opcua') });
      device.opcua.applySettings(after);
      return answerSettings(after);
    });

    registerCall(app, device, opcua.trace, ({ query }) => device.opcua.traceAfter(query.after, query.limit));

    registerCall(app, device, opcua.downloadTrace, ({ reply }) => {
      reply.header('content-disposition', 'attachment; filename="opcua-trace.log"');
      return Readable.from([Buffer.from(device.opcua.traceText(), 'utf8')]);
    });

    registerCall(app, device, opcua.certificates, () => device.opcua.certificates());

    registerCall(app, device, opcua.trustRejected, async ({ params, audit }) => {
      const cert = await device.opcua.trustRejected(params.id);
      audit({ target: 'opcua.certificates.trusted_clients', after: { id: cert.id, subject: cert.subject, fingerprint: cert.fingerprint } });
      return device.opcua.certificates();
    });

    registerCall(app, device, opcua.regenerateOwn, async ({ audit }) => {
      const before = (await device.opcua.certificates()).own;
      await device.opcua.regenerateCertificate();
      const list = await device.opcua.certificates();
      audit({ before: { id: before.id, subject: before.subject }, after: { id: list.own.id, subject: list.own.subject } });
      return list;
    });

    registerCall(app, device, opcua.uploadOwn, ({ req, audit }) =>
      withUpload(async (dir) => {
        const upload = await receiveUpload(
          req,
          opcua.ownCertificateUpload,
          {
            certificate: certificateRule(),
            private_key: { maxBytes: MAX_CERTIFICATE_BYTES, headBytes: 5, accepts: (head) => head.subarray(0, 5).toString('latin1') === '-----' },
          },
          dir,
          device.staging,
        ).catch((err: unknown) => {
          if (err instanceof ApiError && err.statusCode === 415) throw new ApiError(400, 'key_mismatch', 'The private key must be PEM');
          throw err;
        });
        const cert = fs.readFileSync(upload.files.certificate!.path);
        const key = fs.readFileSync(upload.files.private_key!.path);
        await device.opcua.replaceCertificate(cert, key);
        const list = await device.opcua.certificates();
        audit({ after: { id: list.own.id, subject: list.own.subject, file: upload.files.certificate!.fileName } });
        return list;
      }),
    );

    registerCall(app, device, opcua.uploadCertificate, ({ req, params, audit }) =>
      withUpload(async (dir) => {
        const upload = await receiveUpload(req, opcua.certificateUpload, { file: certificateRule() }, dir, device.staging).catch(refusedFile);
        const added = await device.opcua.addCertificate(params.list, fs.readFileSync(upload.files.file!.path));
        audit({ target: `opcua.certificates.${params.list}`, after: { id: added.id, subject: added.description, file: upload.files.file!.fileName } });
        return device.opcua.certificates();
      }),
    );

    registerCall(app, device, opcua.removeCertificate, async ({ params, audit }) => {
      await device.opcua.removeCertificate(params.list, params.id);
      audit({ target: `opcua.certificates.${params.list}`, before: { id: params.id } });
      return device.opcua.certificates();
    });

    registerCall(app, device, opcua.downloadCertificate, async ({ params, reply }) => {
      const der = await device.opcua.certificateFile(params.list, params.id);
      reply.header('content-disposition', `attachment; filename="${params.list}-${params.id.slice(0, 8)}.der"`);
      return Readable.from([der]);
    });
  },
});

