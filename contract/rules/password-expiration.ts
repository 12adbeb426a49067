/** Password expiration settings. The wire type is the contract's schema read as a type
 * (a type-only import: the console does not load zod). */
import type { z } from 'zod';
import type { expirationWireSchema } from '../api/system';

export interface PasswordExpirationSettings {
  notificationEnable: boolean;
  validityPeriod: number;
  allowOperationsBeforeUpdate: boolean;
}

/** The names the device uses on the wire. */
export type PasswordExpirationWire = z.output<typeof expirationWireSchema>;

export const VALIDITY_PERIOD_RANGE = { min: 1, max: 3650 } as const;

export const DEFAULT_EXPIRATION: PasswordExpirationSettings = {
  notificationEnable: false,
  validityPeriod: 90,
  allowOperationsBeforeUpdate: false,
};

export function expirationFromWire(w: PasswordExpirationWire): PasswordExpirationSettings {
  return {
    notificationEnable: w.password_expiration_notification_enable,
    validityPeriod: w.password_expiration_validity_period,
    allowOperationsBeforeUpdate: w.password_expiration_allow_operations_before_update,
  };
}

export function expirationToWire(s: PasswordExpirationSettings): PasswordExpirationWire {
  return {
    password_expiration_notification_enable: s.notificationEnable,
    password_expiration_validity_period: s.validityPeriod,
    password_expiration_allow_operations_before_update: s.allowOperationsBeforeUpdate,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days between the last password change and the device time. */
export function passwordAgeDays(passwordUpdatedAt: string, deviceNowMs: number): number {
  const changed = Date.parse(passwordUpdatedAt);
  if (Number.isNaN(changed)) return 0;
  return Math.floor((deviceNowMs - changed) / DAY_MS);
}

export function isPasswordExpired(
  settings: PasswordExpirationSettings,
  passwordUpdatedAt: string,
  deviceNowMs: number,
): boolean {
  return settings.notificationEnable && passwordAgeDays(passwordUpdatedAt, deviceNowMs) > settings.validityPeriod;
}
