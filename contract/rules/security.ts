/**
 * The rules of Enhanced Security (specification §3, §5, §6): the project's operator accounts, each
 * an ID, an account name, a password and the security classes A–L it may operate. One function
 * each, run by the form as the administrator types and by the device before it stores anything.
 * Zod-free: the console imports it.
 */

/** The security classes an operator account may operate. */
export const SECURITY_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L'] as const;
export type SecurityClass = (typeof SECURITY_CLASSES)[number];

/** An account name: 1 to 32 characters (it is also an OPC UA user name, OPCUA_USERNAME_MAX). */
export const SECURITY_ACCOUNT_NAME_MAX = 32;
/** The most accounts one project keeps. */
export const SECURITY_ACCOUNTS_MAX = 128;
/** IDs are 1 to this. */
export const SECURITY_ID_MAX = 65535;
/** The largest file an import takes (128 accounts are about 30 KB). */
export const SECURITY_IMPORT_MAX_BYTES = 256 * 1024;
/** The export file's format tag. */
export const SECURITY_EXPORT_FORMAT = 'hmi-security-accounts';
export const SECURITY_EXPORT_VERSION = 1;

export type AccountNameProblem = 'required' | 'too_long' | 'invalid_characters' | 'account_exists';

/** Control characters and line separators: never part of a name an operator types. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** What is wrong with an account name as typed (null: nothing). Spaces at either end are refused
 * rather than trimmed: the name signs in to the OPC UA server as it is. */
export function accountNameProblem(name: string): Exclude<AccountNameProblem, 'account_exists'> | null {
  if (name.length === 0) return 'required';
  if ([...name].length > SECURITY_ACCOUNT_NAME_MAX) return 'too_long';
  if (CONTROL.test(name) || name !== name.trim()) return 'invalid_characters';
  return null;
}

/** How two names are compared: "Operator" and "operator" are one account (an operator should never
 * have to tell them apart). */
export function accountKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** Whether another account of the list (any but `exceptId`) has this name ("Account is exist"). */
export function accountExists(accounts: readonly { id: number; account: string }[], name: string, exceptId: number | null = null): boolean {
  const key = accountKey(name);
  return accounts.some((a) => a.id !== exceptId && accountKey(a.account) === key);
}

/** The classes in A–L order, each once. */
export function sortedClasses(classes: readonly string[]): SecurityClass[] {
  return SECURITY_CLASSES.filter((c) => classes.includes(c));
}

/** The next free ID of a list. */
export function nextAccountId(accounts: readonly { id: number }[]): number {
  return accounts.reduce((max, a) => Math.max(max, a.id), 0) + 1;
}

/**
 * Enhanced-security accounts as OPC UA users (specification §6: they "give OPC UA users browse,
 * read and write classes"): which classes give each right. An account signs in to the OPC UA server
 * with its name and password and gets a right when it may operate at least one class named for it.
 * Off on a new device: no account reaches the OPC UA server until the administrator says so.
 */
export interface SecurityOpcuaMapping {
  enabled: boolean;
  browse: SecurityClass[];
  read: SecurityClass[];
  write: SecurityClass[];
}

export const DEFAULT_SECURITY_OPCUA: SecurityOpcuaMapping = { enabled: false, browse: [], read: [], write: [] };

export const OPCUA_RIGHTS = ['browse', 'read', 'write'] as const;
export type OpcuaRight = (typeof OPCUA_RIGHTS)[number];

/** The OPC UA rights an account with `classes` gets under `mapping` (none while it is off). */
export function opcuaRightsOf(classes: readonly string[], mapping: SecurityOpcuaMapping): Record<OpcuaRight, boolean> {
  const has = (wanted: readonly string[]) => mapping.enabled && wanted.some((c) => classes.includes(c));
  return { browse: has(mapping.browse), read: has(mapping.read), write: has(mapping.write) };
}

export type AccountFormProblem = AccountNameProblem | 'password_required' | 'password_too_short' | 'password_mismatch' | 'admin_password_required';

export interface AccountForm {
  account: string;
  /** Empty when an edit keeps the password. */
  password: string;
  confirm: string;
  adminPassword: string;
}

/**
 * The add / edit form's problems by field. A new account needs a password; an edit keeps the
 * stored one when the password is left empty. The device checks the strength rules and the
 * administrator's password itself.
 */
export function accountFormProblems(
  form: AccountForm,
  { isNew, others, id, minLength }: { isNew: boolean; others: readonly { id: number; account: string }[]; id: number | null; minLength: number },
): Partial<Record<keyof AccountForm, AccountFormProblem>> {
  const problems: Partial<Record<keyof AccountForm, AccountFormProblem>> = {};
  const name = accountNameProblem(form.account);
  if (name) problems.account = name;
  else if (accountExists(others, form.account, id)) problems.account = 'account_exists';
  if (isNew && form.password === '') problems.password = 'password_required';
  else if (form.password !== '' && form.password.length < minLength) problems.password = 'password_too_short';
  if (form.password !== form.confirm) problems.confirm = 'password_mismatch';
  if (form.adminPassword === '') problems.adminPassword = 'admin_password_required';
  return problems;
}
