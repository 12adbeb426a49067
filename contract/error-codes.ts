/** Stable error codes the device answers with (docs/decisions.md#errors); the console maps each to
 * a translated message. Zod-free so the console can import it. */
export const ERROR_CODES = [
  'validation_failure',
  'invalid_credentials',
  'user_not_in_list',
  'login_locked',
  'invalid_token',
  'unauthorized',
  'forbidden',
  'not_found',
  'current_password_error',
  'password_too_weak',
  'password_reused',
  'unsupported_grant_type',
  'payload_too_large',
  'unsupported_media_type',
  'fail',
  'change_pending',
  'no_pending_change',
  'wifi_disabled',
  'key_mismatch',
  'key_password',
  'internal_error',
  /** Too many sign-in attempts (from one address, or at one account): `qty` says how many seconds to wait. */
  'too_many_requests',
  /** The password is older than its validity period and operations before the change are not allowed. */
  'password_expired',
  /** An API call over plain HTTP while the device serves HTTPS only: refused, not redirected. */
  'https_required',
  /** A file refused by its content: a project upload takes only .app and .crc, other flows .cxob or .bin. */
  'unsupported_file_type',
  /** The .crc does not match the .app ('Upload project failed. Please restart Project.'). */
  'crc_mismatch',
  /** No project document in the .app ('Could not find EasyBuilder project file'). */
  'project_file_missing',
  /** A protected project with a wrong password ('error password'). */
  'wrong_password',
  /** A protected project sent without a password: the console asks for it. */
  'password_required',
  /** The project is for another model ('Project was incompatible with this machine'). */
  'incompatible_model',
  /** The project was made with design software older than the device runs (specification §9). */
  'design_version_too_old',
  /** The new project did not start: the previous one runs again. */
  'start_failed',
  /** Restarting the project failed ('Restart failed'). */
  'restart_failed',
  /** The device restarted while the job ran: the job ended there, the device runs what it ran before. */
  'interrupted',
  /** Another job of the same kind runs (a data backup to a medium): one at a time. */
  'job_running',
  /** The device is busy: another update is being received or runs (one at a time: a project, an
   * OS image, a PLC runtime firmware; a project restart waits for it too), or the uploads being
   * received hold all the room uploads stage in. Wait for it to end and try again. */
  'busy',
  /** The data disk has no room for an upload (asked before its first byte is written), or it
   * filled while the upload was written. */
  'insufficient_storage',
  /** The project backup could not be packed ('Project packing failed!'). */
  'packing_failed',
  /** An OS image larger than the device takes ('Image too large'). */
  'image_too_large',
  /** An OS image whose signature, model, length or hash is wrong ('Invalid image'). */
  'invalid_image',
  /** Writing the new OS failed ('Update failed'). */
  'update_failed',
  /** A file or folder on the USB stick or SD card could not be read. */
  'media_read_failed',
  /** Writing to the USB stick or SD card failed (full, removed, read-only). */
  'media_write_failed',
  /** A file that is not a readable recipe backup: not a .cxob, damaged, its checksum wrong. */
  'invalid_backup',
  /** A recipe backup whose books or fields differ from the running project's, or whose values do not fit them: nothing was restored. */
  'recipe_mismatch',
  /** An edit of the running project (its OPC UA tags, its devices) that would leave a reference
   * unresolved: nothing was saved. */
  'project_link',
  /** The project runtime does not run, so its devices cannot be read ('device list loading failed'). */
  'runtime_unavailable',
  /** A port one of the device's own services already holds. */
  'port_in_use',
  /** A file that is not a certificate (or a revocation list) the device can read. */
  'invalid_certificate',
  /** A well-formed licence serial number that is no licence of the PLC runtime (contract/rules/plc-runtime.ts). */
  'invalid_serial_number',
  /** A well-formed activation code that was not issued for this panel's serial number. */
  'invalid_activation_code',
  /** The PLC runtime is already activated: reset its activation first. */
  'plc_already_activated',
  /** A reset of the PLC runtime's activation while it is not activated: nothing to reset. */
  'plc_not_activated',
  /** A change of the PLC runtime (activation, reset, LAN1) while its firmware is being updated. */
  'plc_runtime_busy',
  /** A PLC runtime firmware whose signature, product, model, length or hash is wrong ('Invalid firmware'). */
  'invalid_firmware',
  /** A PLC runtime firmware larger than the device takes. */
  'firmware_too_large',
  /** Installing the PLC runtime firmware failed: the runtime keeps its version. */
  'firmware_update_failed',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The two messages the console's base query renews the token on (specification §7,
 * docs/decisions.md#token-answers). */
export const EXPIRED_JWT_MESSAGE = 'invalid or expired jwt';
export const UNAUTHORIZED_JWT_MESSAGE = 'Unauthorized JWT';
