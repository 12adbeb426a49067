import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { z } from 'zod';
import * as security from '../../contract/api/security';
import { DEFAULT_SECURITY_OPCUA, SECURITY_IMPORT_MAX_BYTES, type SecurityOpcuaMapping } from '../../contract/rules/security';
import { registerCall } from '../http/register-call';
import { defineServerArea, setting } from '../http/area';
import { receiveUpload } from '../http/upload';
import { ApiError } from '../lib/api-error';
import { SecurityAccountsService } from '../services/security-accounts';
import type { OpcuaServerService } from '../services/opcua/server';
import type { CoreDevice } from '../device';

/** What an operation-log row keeps of an account: never its password or its hash. */
const accountLogSchema = z.object({ id: z.number().optional(), account: z.string().optional(), classes: z.array(z.string()).optional(), password: z.string().optional() });
const importLogSchema = z.object({ file: z.string(), bytes: z.number(), added: z.array(z.string()), updated: z.array(z.string()), rejected: z.number() });

/** Written where a password was set: the log says that it changed, never what to. */
const CHANGED = '***';

/** A JSON file by its first byte that is not white space: an object. */
function looksLikeJsonObject(head: Buffer): boolean {
  const text = head.toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '');
  const first = text.trimStart()[0];
  return first === undefined || first === '{';
}

/**
 * Enhanced Security (`/admin/project/enhanced-security`): the running project's operator accounts,
 * their export and import, and whether the OPC UA server takes them as users
 * (docs/decisions.md#enhanced-security).
 */
export const securityArea = defineServerArea({
  name: 'security',
  settings: {
    /** Whether operator accounts sign in to the OPC UA server, and which classes give which right. */
    security_opcua: setting(security.securityOpcuaSchema, (): SecurityOpcuaMapping => structuredClone(DEFAULT_SECURITY_OPCUA)),
  },
  services: (device: CoreDevice & { opcua: OpcuaServerService }): { securityAccounts: SecurityAccountsService } => {
    const service = new SecurityAccountsService({
      db: device.db,
      accounts: device.accounts,
      lockout: device.lockout,
      settings: device.settings,
      project: () => device.project.project,
      time: device.time,
    });
    // Only the running project's accounts are kept: another project takes its own (an update of
    // the same project keeps them). In the switch's transaction.
    device.project.onActivate((_id, project) => service.keepOnly(project.name));
    return { securityAccounts: service };
  },
  /** The OPC UA server signs these accounts in too, after its own users, while the mapping is on. */
  start(device) {
    device.opcua.useExtraUsers((username) => device.securityAccounts.opcuaUser(username));
  },
  largestUpload: () => ({ bytes: SECURITY_IMPORT_MAX_BYTES, beside: 1 }),
  register(app, device) {
    const accounts = device.securityAccounts;
    const incoming = path.join(device.dataDir, 'security', 'incoming');

    registerCall(app, device, security.accounts, () => accounts.list());

    registerCall(app, device, security.addAccount, async ({ body, caller, source, audit }) => {
      const logged = { account: body.account, classes: body.classes, password: CHANGED };
      audit({ target: `security.accounts:${body.account}`, after: logged, values: accountLogSchema });
      accounts.assertEnabled();
      await accounts.confirm(caller.username, source, body.admin_password);
      const added = await accounts.add(body);
      audit({ target: `security.accounts:${added.account}`, after: { ...logged, id: added.id }, values: accountLogSchema });
      return accounts.list();
    });

    registerCall(app, device, security.updateAccount, async ({ params, body, caller, source, audit }) => {
      const asked = { account: body.account, classes: body.classes, ...(body.password !== undefined ? { password: CHANGED } : {}) };
      audit({ target: `security.accounts:${body.account ?? params.id}`, after: asked, values: accountLogSchema });
      accounts.assertEnabled();
      const current = accounts.get(params.id);
      await accounts.confirm(caller.username, source, body.admin_password);
      const before = await accounts.update(params.id, body);
      audit({
        target: `security.accounts:${current.account}`,
        before: { id: before.id, account: before.account, classes: before.classes },
        after: { id: before.id, ...asked },
        values: accountLogSchema,
      });
      return accounts.list();
    });

    registerCall(app, device, security.removeAccount, async ({ params, body, caller, source, audit }) => {
      audit({ target: 'security.accounts', before: { id: params.id }, after: null, values: accountLogSchema });
      accounts.assertEnabled();
      const current = accounts.get(params.id);
      await accounts.confirm(caller.username, source, body.admin_password);
      const before = accounts.remove(params.id);
      audit({ target: `security.accounts:${current.account}`, before: { id: before.id, account: before.account, classes: before.classes }, after: null, values: accountLogSchema });
      return accounts.list();
    });

    registerCall(app, device, security.exportAccounts, ({ reply }) => {
      const safeName = accounts.projectName().replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 48) || 'project';
      reply.header('content-disposition', `attachment; filename="security-accounts-${safeName}.json"`);
      return Readable.from([Buffer.from(accounts.exportFile(), 'utf8')]);
    });

    registerCall(app, device, security.importAccounts, async ({ req, caller, source, audit }) => {
      // A refusal's row records nothing of the file (its password part least of all).
      audit({ after: null, values: importLogSchema });
      accounts.assertEnabled();
      fs.mkdirSync(incoming, { recursive: true, mode: 0o700 });
      const dir = fs.mkdtempSync(path.join(incoming, 'u-'));
      try {
        const upload = await receiveUpload(
          req,
          security.importUpload,
          { file: { maxBytes: SECURITY_IMPORT_MAX_BYTES, headBytes: 64, accepts: looksLikeJsonObject } },
          dir,
          device.staging,
        ).catch((err: unknown) => {
          if (err instanceof ApiError && err.statusCode === 415) throw new ApiError(400, 'invalid_import_file', 'The file is not an account list (JSON)', { field: 'file' });
          throw err;
        });
        const file = upload.files.file;
        if (!file) throw ApiError.validation('file', 'an account list file is required');
        const fields = security.importUpload.fields.safeParse(upload.fields);
        if (!fields.success) throw ApiError.validation(String(fields.error.issues[0]!.path[0] ?? 'admin_password'), fields.error.issues[0]!.message);
        await accounts.confirm(caller.username, source, fields.data.admin_password);
        const result = accounts.importFile(fs.readFileSync(file.path, 'utf8'));
        audit({ after: { file: file.fileName.slice(0, 128), bytes: file.size, added: result.added, updated: result.updated, rejected: result.rejected.length }, values: importLogSchema });
        return { ...result, list: accounts.list() };
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    registerCall(app, device, security.getOpcua, () => accounts.opcuaMapping());

    registerCall(app, device, security.setOpcua, async ({ body, caller, source, audit }) => {
      const { admin_password: password, ...mapping } = body;
      audit({ after: mapping, values: security.securityOpcuaSchema });
      await accounts.confirm(caller.username, source, password);
      const before = accounts.setOpcuaMapping(mapping);
      audit({ before, after: accounts.opcuaMapping(), values: security.securityOpcuaSchema });
      return accounts.opcuaMapping();
    });
  },
});
