import type { ResponseOf } from '../../contract/api/define';
import type { userInfo } from '../../contract/api/uac';
import { expirationFromWire, isPasswordExpired, type PasswordExpirationSettings } from '../../contract/rules/password-expiration';
import { DISPLAY_TIME_PATTERN } from '../../contract/rules/device-time';
import { useAppSelector } from '../../store';
import { selectDatetime } from '../../store/app-slice';
import { useExpirationQuery } from '../../store/api/system-endpoints';

type UserInfo = ResponseOf<typeof userInfo>;

/** The device time of the time channel in ms since the epoch (the browser's until it arrives). */
export function deviceNowMs(datetime: string | null): number {
  const m = datetime ? DISPLAY_TIME_PATTERN.exec(datetime) : null;
  if (!m) return Date.now();
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi, s).getTime();
}

export interface PasswordExpiry {
  /** Whether the password is expired is known: the device's expiration settings have been read
   * (or could not be: then nothing is due) and, where an expired password would refuse every
   * operation, the device time has come. */
  known: boolean;
  settings: PasswordExpirationSettings | null;
  /** The account's password is older than the validity period (by the device time). */
  expired: boolean;
  /** Expired, and the device refuses every operation until the password is changed: the screen
   * behind the dialog shows nothing (its calls would only be refused). */
  blocking: boolean;
  /** The device time the judgement used, in ms since the epoch. */
  nowMs: number;
}

/** Whether the signed-in account's password has expired, read by the shell (to hold the screen
 * back) and by the account dialogs (to show the expiry dialog); RTK Query shares the answer. */
export function usePasswordExpiry(user: UserInfo | undefined): PasswordExpiry {
  const expiration = useExpirationQuery();
  const datetime = useAppSelector(selectDatetime);
  const settings = expiration.data ? expirationFromWire(expiration.data) : null;
  const nowMs = deviceNowMs(datetime);
  const expired = settings !== null && user !== undefined && isPasswordExpired(settings, user.password_updated_at, nowMs);
  // Where an expired password would refuse every operation, only the device's time can tell
  // (the browser's clock may be years off): until it has come, nothing is known.
  const needsDeviceTime = settings !== null && settings.notificationEnable && !settings.allowOperationsBeforeUpdate;
  // Settings that could not be read stay "nothing due" while they are asked again (the error is kept
  // until an answer comes): holding the screen back meanwhile would unmount the screen whose card
  // asked again, and mounting it anew would ask again, without end.
  return {
    known: settings !== null ? !needsDeviceTime || datetime !== null : expiration.error !== undefined,
    settings,
    expired,
    blocking: expired && settings !== null && !settings.allowOperationsBeforeUpdate,
    nowMs,
  };
}
