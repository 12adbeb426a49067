import { z } from 'zod';
import { defineCall, type UploadDef } from './define';
import { passwordField } from './common';
import { secret } from './secret';
import { SECURITY_ROUTES } from './security.routes';
import {
  SECURITY_ACCOUNT_NAME_MAX,
  SECURITY_ACCOUNTS_MAX,
  SECURITY_CLASSES,
  SECURITY_EXPORT_FORMAT,
  SECURITY_EXPORT_VERSION,
  SECURITY_ID_MAX,
  accountNameProblem,
} from '../rules/security';

/** Enhanced Security (specification §3, §5, §6; docs/decisions.md#enhanced-security): the running
 * project's operator accounts. Admin only; every change needs the administrator's own password. */
const admin = { kind: 'menu', menu: 'enhanced_security', accounts: ['admin'] } as const;

const accountName = z
  .string()
  .max(SECURITY_ACCOUNT_NAME_MAX * 2)
  .superRefine((name, ctx) => {
    const problem = accountNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const classes = z
  .array(z.enum(SECURITY_CLASSES))
  .max(SECURITY_CLASSES.length)
  .refine((c) => new Set(c).size === c.length, 'each class once');
const accountId = z.coerce.number().int().min(1).max(SECURITY_ID_MAX);
/** The administrator's own password: confirms every change (specification §5). */
const adminPassword = passwordField.min(1);

export const securityAccountSchema = z
  .object({
    id: z.number().int(),
    account: z.string(),
    /** The classes it may operate, A–L order. */
    classes: z.array(z.enum(SECURITY_CLASSES)),
    password_updated_at: z.string(),
  })
  .meta({ id: 'SecurityAccount' });

export const securityAccountsSchema = z
  .object({
    /** Whether the running project enables Enhanced Security (otherwise the screen says so and
     * nothing can be changed). */
    enabled: z.boolean(),
    /** The running project's name: the accounts are its own. */
    project: z.string(),
    accounts: z.array(securityAccountSchema),
    max_accounts: z.number().int(),
  })
  .meta({ id: 'SecurityAccounts' });

export const accounts = defineCall({
  ...SECURITY_ROUTES.accounts,
  tag: 'security',
  summary: "The running project's operator accounts (never their passwords), and whether the project enables Enhanced Security",
  access: admin,
  response: securityAccountsSchema,
});

export const addAccount = defineCall({
  ...SECURITY_ROUTES.addAccount,
  tag: 'security',
  summary:
    "Adds an operator account; the admin's own password confirms. 409 account_exists ('Account is exist') for a name the project has; 400 current_password_error for a wrong admin password; 409 security_not_enabled when the project does not enable Enhanced Security",
  access: admin,
  body: z.object({ account: accountName, password: passwordField.min(1), classes, admin_password: adminPassword }),
  response: securityAccountsSchema,
  audit: { action: 'add_security_account', target: 'security.accounts' },
});

export const updateAccount = defineCall({
  ...SECURITY_ROUTES.updateAccount,
  tag: 'security',
  summary: "Renames an operator account, gives it a new password or other classes; the admin's own password confirms",
  access: admin,
  params: z.object({ id: accountId }),
  body: z
    .object({ account: accountName.optional(), password: passwordField.min(1).optional(), classes: classes.optional(), admin_password: adminPassword })
    .refine((b) => b.account !== undefined || b.password !== undefined || b.classes !== undefined, { message: 'nothing to change' }),
  response: securityAccountsSchema,
  audit: { action: 'update_security_account', target: 'security.accounts' },
});

export const removeAccount = defineCall({
  ...SECURITY_ROUTES.removeAccount,
  tag: 'security',
  summary: "Removes an operator account; the admin's own password confirms",
  access: admin,
  params: z.object({ id: accountId }),
  body: z.object({ admin_password: adminPassword }),
  response: securityAccountsSchema,
  audit: { action: 'remove_security_account', target: 'security.accounts' },
});

/** One account of an export file: its password only as the device's hash. */
export const securityExportRowSchema = z.object({
  id: z.number().int().min(1).max(SECURITY_ID_MAX),
  account: accountName,
  /** `scrypt$N$r$p$salt$key`, as the device stores it: never a password. */
  password_hash: z.string().max(256).regex(/^scrypt\$\d{1,10}\$\d{1,2}\$\d{1,2}\$[A-Za-z0-9+/]{1,64}={0,2}\$[A-Za-z0-9+/]{1,128}={0,2}$/),
  classes,
});

/** The export file (JSON): the accounts with their password hashes, never a password. */
export const securityExportSchema = z
  .object({
    format: z.literal(SECURITY_EXPORT_FORMAT),
    format_version: z.literal(SECURITY_EXPORT_VERSION),
    project: z.string().max(64),
    exported_at: z.string().max(64),
    /** Each row is checked on its own at import (a bad row is reported, the others imported). */
    accounts: z.array(z.unknown()).max(SECURITY_ACCOUNTS_MAX),
  })
  .meta({ id: 'SecurityExport' });

export const exportAccounts = defineCall({
  ...SECURITY_ROUTES.exportAccounts,
  tag: 'security',
  summary: 'The operator accounts as a JSON file to download (hashes only, never a password)',
  access: admin,
  download: { contentType: 'application/json; charset=utf-8' },
  response: z.custom<Blob>(() => true),
});

export const importUpload = {
  files: { file: { summary: 'An account list this device (or another) exported, JSON', accept: ['.json'], required: true } },
  fields: z.object({ admin_password: adminPassword }),
} satisfies UploadDef;

export const IMPORT_ROW_PROBLEMS = ['invalid_row', 'invalid_hash', 'account_exists', 'too_many_accounts'] as const;

export const importAccounts = defineCall({
  ...SECURITY_ROUTES.importAccounts,
  tag: 'security',
  summary:
    "Merges an exported account list into the project's, in one transaction: an account of the same name takes the file's password hash and classes, a new one is added (its ID kept when free). Rows that do not pass are reported, not imported. 400 invalid_import_file for a file that is not such a list; 413 past SECURITY_IMPORT_MAX_BYTES; the admin's own password confirms",
  access: admin,
  upload: importUpload,
  response: z
    .object({
      added: z.array(z.string()),
      updated: z.array(z.string()),
      /** The rows not imported: their place in the file (from 1), the name if it had one, why. */
      rejected: z.array(z.object({ row: z.number().int(), account: z.string().nullable(), problem: z.enum(IMPORT_ROW_PROBLEMS), field: z.string().nullable() })),
      list: securityAccountsSchema,
    })
    .meta({ id: 'SecurityImport' }),
  audit: { action: 'import_security_accounts', target: 'security.accounts' },
});

export const securityOpcuaSchema = z
  .object({
    /** Enhanced-security accounts may sign in to the OPC UA server (off on a new device). */
    enabled: z.boolean(),
    /** The classes that give each right: an account gets it when it may operate one of them. */
    browse: classes,
    read: classes,
    write: classes,
  })
  .meta({ id: 'SecurityOpcua' });

export const getOpcua = defineCall({
  ...SECURITY_ROUTES.getOpcua,
  tag: 'security',
  summary: 'Whether operator accounts sign in to the OPC UA server, and which classes give browse, read and write (specification §6)',
  access: admin,
  response: securityOpcuaSchema,
});

export const setOpcua = defineCall({
  ...SECURITY_ROUTES.setOpcua,
  tag: 'security',
  summary: "Sets whether operator accounts sign in to the OPC UA server and which classes give which right; takes effect at their next sign-in; the admin's own password confirms",
  access: admin,
  body: securityOpcuaSchema.extend({ admin_password: adminPassword }),
  response: securityOpcuaSchema,
  audit: { action: 'set_security_opcua', target: 'security.opcua' },
});

export type SecurityAccounts = z.infer<typeof securityAccountsSchema>;
export type SecurityAccount = z.infer<typeof securityAccountSchema>;
export type SecurityExportRow = z.infer<typeof securityExportRowSchema>;
