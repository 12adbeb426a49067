import {
  DEFAULT_EXPIRATION,
  VALIDITY_PERIOD_RANGE,
  expirationFromWire,
  expirationToWire,
  isPasswordExpired,
  passwordAgeDays,
} from '../../contract/rules/password-expiration';

const DAY = 24 * 60 * 60 * 1000;
const changed = '2026-01-01T00:00:00.000Z';
const changedMs = Date.parse(changed);

describe('password expiration', () => {
  it('has the defaults of docs/decisions.md#passwords: notification off, 90 days, no operations before update', () => {
    expect(DEFAULT_EXPIRATION).toEqual({ notificationEnable: false, validityPeriod: 90, allowOperationsBeforeUpdate: false });
    expect(VALIDITY_PERIOD_RANGE.min).toBeLessThanOrEqual(90);
    expect(VALIDITY_PERIOD_RANGE.max).toBeGreaterThanOrEqual(90);
  });

  it('counts whole days since the change', () => {
    expect(passwordAgeDays(changed, changedMs)).toBe(0);
    expect(passwordAgeDays(changed, changedMs + DAY - 1)).toBe(0);
    expect(passwordAgeDays(changed, changedMs + DAY)).toBe(1);
    expect(passwordAgeDays(changed, changedMs + 30 * DAY + 5000)).toBe(30);
  });

  it('treats an unreadable date as age 0', () => {
    expect(passwordAgeDays('not a date', changedMs + 1000 * DAY)).toBe(0);
  });

  it('reports a password as expired only after the whole validity period, and only with notification on', () => {
    const on = { ...DEFAULT_EXPIRATION, notificationEnable: true, validityPeriod: 90 };
    expect(isPasswordExpired(on, changed, changedMs + 90 * DAY)).toBe(false);
    expect(isPasswordExpired(on, changed, changedMs + 91 * DAY)).toBe(true);
    expect(isPasswordExpired({ ...on, notificationEnable: false }, changed, changedMs + 1000 * DAY)).toBe(false);
    expect(isPasswordExpired({ ...on, validityPeriod: 1 }, changed, changedMs + 2 * DAY)).toBe(true);
  });

  it('maps to and from the wire names', () => {
    const s = { notificationEnable: true, validityPeriod: 30, allowOperationsBeforeUpdate: true };
    const wire = expirationToWire(s);
    expect(wire).toEqual({
      password_expiration_notification_enable: true,
      password_expiration_validity_period: 30,
      password_expiration_allow_operations_before_update: true,
    });
    expect(expirationFromWire(wire)).toEqual(s);
  });
});
