/** Every action the operation log records, once. Zod-free, so the console (the Operation Log
 * screen, its filters and texts) can import it. A call names its action in its contract entry
 * (`audit.action`, typed from this list); the device's own actions, written without a call, are
 * listed apart so a test can tell that every entry is written by something. */

/** Actions written by a call of the API, one row per request (success or refusal). */
export const CALL_AUDIT_ACTIONS = [
  // sign-in and session
  'login',
  'logout',
  // accounts
  'change_password',
  'complete_first_run',
  // system
  'set_hmi_name',
  'set_datetime',
  'start_identify_light',
  'stop_identify_light',
  // security
  'set_password_strength_rules',
  'set_password_expiration',
  'set_http',
  // network
  'set_ethernet',
  'confirm_network_change',
  'revert_network_change',
  'set_wifi_enabled',
  'connect_wifi',
  'disconnect_wifi',
  'set_hotspot',
  // project
  'restart_project',
  'update_project',
  'update_project_from_media',
  'backup_project',
  // recipes
  'clear_recipe_book',
  'backup_recipe',
  'backup_recipe_to_media',
  'restore_recipe',
  // OS
  'update_os',
  // PLC runtime
  'activate_plc_runtime',
  'reset_plc_runtime',
  'set_plc_lan1',
  'update_plc_runtime',
  // data
  'acknowledge_alarm',
  'acknowledge_all_alarms',
  'set_oplog_retention',
  'backup_data',
  'backup_data_to_media',
  // OPC UA server
  'set_opcua_settings',
  'set_opcua_node_tree',
  'trust_opcua_certificate',
  'regenerate_opcua_certificate',
  'upload_opcua_certificate',
  'remove_opcua_certificate',
  // communication devices
  'set_communication_device',
] as const;

/** Actions the device writes by itself, with `source: 'device'` and no account. */
export const DEVICE_AUDIT_ACTIONS = [
  /** A network change made with the safety net was not confirmed in time: the previous settings are back. */
  'network_change_timed_out',
  /** The server started with a network change still unconfirmed: the previous settings are back. */
  'network_change_reverted_at_start',
  /** Retention removed the oldest rows of the operation log (or of the sign-in failure tables):
   * how many, from which table, and the retention in force. */
  'operation_log_pruned',
  /** A project update job ended: the project it installed (or why not), who asked, whether the
   * previous project runs again. */
  'project_update_finished',
  /** An OS update job ended: the version installed (or why not), who asked. */
  'os_update_finished',
  /** The device rebooted (into a new OS): how long it was away. */
  'device_rebooted',
  /** A PLC runtime firmware update job ended: the version installed once the HMI was back (or why
   * not), who asked. */
  'plc_runtime_update_finished',
  /** The device started with an update job still marked running: that job ended as interrupted. */
  'job_interrupted',
  /** A data backup job (to the USB stick or the SD card) ended: the file written (or why not). */
  'data_backup_finished',
  /** The OPC UA server refused a client whose certificate it does not trust: the certificate is
   * kept among the rejected ones (written once per certificate). */
  'opcua_client_rejected',
  /** A new project brought its own OPC UA tree and communication devices: the edits saved for the
   * previous project no longer apply. */
  'project_edits_discarded',
  /** The device was started with HMI_RECOVER_ADMIN=1: admin has a new password (printed at that
   * start), the first-run wizard is due, its lockouts are gone and plain HTTP is on. */
  'admin_access_recovered',
] as const;

export const AUDIT_ACTIONS = [...CALL_AUDIT_ACTIONS, ...DEVICE_AUDIT_ACTIONS] as const;

export type CallAuditAction = (typeof CALL_AUDIT_ACTIONS)[number];
export type DeviceAuditAction = (typeof DEVICE_AUDIT_ACTIONS)[number];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an operation-log row is about: a part of the device, named once here. The console says
 * each in words (`operations.targets.<key>` of the Data texts, the key from `auditTargetWords`);
 * the server can write no other (its targets are typed `AuditTarget`). */
export const AUDIT_TARGETS = [
  // sign-in and session: the mode signed in to, the session signed out of
  'admin',
  'app',
  'session',
  // accounts
  'account',
  // system
  'device',
  'system.hmi_name',
  'system.time',
  'system.led',
  // security
  'security.password_rules',
  'security.password_expiration',
  'security.http',
  // network
  'network.ethernet',
  'network.wifi',
  'network.hotspot',
  'network.pending',
  // project, recipes, OS
  'project',
  'recipe',
  'os',
  // PLC runtime
  'plc_runtime.activation',
  'plc_runtime.lan1',
  'plc_runtime.firmware',
  // data
  'event_log',
  'operation_log',
  'data',
  // OPC UA server (its certificate lists: contract/api/opcua.ts, CERTIFICATE_LISTS)
  'opcua.settings',
  'opcua.node_tree',
  'opcua.certificates',
  'opcua.certificates.own',
  'opcua.certificates.trusted_clients',
  'opcua.certificates.trusted_users',
  'opcua.certificates.client_issuers',
  'opcua.certificates.user_issuers',
  'opcua.certificates.revocation_lists',
  'opcua.certificates.rejected',
  // communication devices
  'communication.devices',
] as const;

/** The targets that name one thing: which, by its name or id, is the wording's parameter. */
export const AUDIT_TARGET_FORMS = [
  /** The first-run state of an account (the wizard done). */
  { key: 'account_state', pattern: /^account\.([a-z_]+)\.state_code$/, param: 'account', list: false },
  /** The accounts whose password changed, comma-separated. */
  { key: 'accounts', pattern: /^account\.([a-z_]+(?:,[a-z_]+)*)$/, param: 'accounts', list: true },
  /** One alarm event, by its id. */
  { key: 'event', pattern: /^event_log\.(\d+)$/, param: 'id', list: false },
  /** One communication device, by its name. */
  { key: 'communication_device', pattern: /^communication\.devices\.(.+)$/, param: 'name', list: false },
] as const;

export type AuditTarget =
  | (typeof AUDIT_TARGETS)[number]
  | `account.${string}`
  | `event_log.${number}`
  | `communication.devices.${string}`;

/** The words of a target: the key of its wording and the values it names (a list is the accounts
 * of a password change). Null for a target this list does not know (a newer device's): shown as
 * it came. */
export function auditTargetWords(target: string): { key: string; values: Record<string, string | readonly string[]> } | null {
  if ((AUDIT_TARGETS as readonly string[]).includes(target)) return { key: target.replaceAll('.', '_'), values: {} };
  for (const form of AUDIT_TARGET_FORMS) {
    const m = form.pattern.exec(target);
    if (m) return { key: form.key, values: { [form.param]: form.list ? m[1]!.split(',') : m[1]! } };
  }
  return null;
}
