import { z } from 'zod';
import { HMI_NAME_MAX_LENGTH } from '../rules/hmi-name';
import { MINIMAL_LENGTH_RANGE } from '../rules/password-strength';
import { VALIDITY_PERIOD_RANGE } from '../rules/password-expiration';
import { DISPLAY_TIME_PATTERN, SET_TIME_PATTERN } from '../rules/device-time';
import { defineCall } from './define';
import { SYSTEM_ROUTES } from './system.routes';
import { accountNameField } from './common';

export const hmiNameSchema = z.object({ name: z.string() }).meta({ id: 'HmiName' });

export const getHmiName = defineCall({
  ...SYSTEM_ROUTES.getHmiName,
  tag: 'system',
  summary: 'The HMI name',
  access: { kind: 'authenticated' },
  response: hmiNameSchema,
  whilePasswordExpired: 'allowed',
});

export const setHmiName = defineCall({
  ...SYSTEM_ROUTES.setHmiName,
  tag: 'system',
  summary: `Saves the HMI name, cleaned by the shared rule (at most ${HMI_NAME_MAX_LENGTH} characters)`,
  access: { kind: 'accounts', accounts: ['admin'] },
  // Length is checked after cleaning by the shared rule; this bound only refuses absurd bodies early.
  body: z.object({ name: z.string().max(1024) }),
  response: hmiNameSchema,
  audit: { action: 'set_hmi_name', target: 'system.hmi_name' },
});

export const deviceTimeSchema = z.object({ time: z.string().regex(DISPLAY_TIME_PATTERN) }).meta({ id: 'DeviceTime' });

export const getTime = defineCall({
  ...SYSTEM_ROUTES.getTime,
  tag: 'system',
  summary: 'The device time as YYYY/MM/DD HH:mm:ss',
  access: { kind: 'authenticated' },
  response: deviceTimeSchema,
  whilePasswordExpired: 'allowed',
});

export const setDateTime = defineCall({
  ...SYSTEM_ROUTES.setDateTime,
  tag: 'system',
  summary: 'Sets the device time (YYYY.MM.DD-HH:mm:ss); the host clock is never changed',
  access: { kind: 'accounts', accounts: ['admin'] },
  body: z.object({ time: z.string().regex(SET_TIME_PATTERN) }),
  response: deviceTimeSchema,
  audit: { action: 'set_datetime', target: 'system.time' },
});

export const legacyHash = defineCall({
  ...SYSTEM_ROUTES.legacyHash,
  tag: 'system',
  summary: 'Accounts whose stored password hash still uses the older format (upgraded at next sign-in)',
  access: { kind: 'authenticated' },
  response: z.array(accountNameField),
  whilePasswordExpired: 'allowed',
});

export const strengthRulesWireSchema = z
  .object({
    password_rules_enable: z.boolean(),
    password_rules_minimal_length: z.number().int().min(MINIMAL_LENGTH_RANGE.min).max(MINIMAL_LENGTH_RANGE.max),
    password_rules_include_numbers: z.boolean(),
    password_rules_include_mixed_cases: z.boolean(),
    password_rules_include_special_characters: z.boolean(),
  })
  .meta({ id: 'PasswordStrengthRules' });

export const getStrengthRules = defineCall({
  ...SYSTEM_ROUTES.getStrengthRules,
  tag: 'security',
  summary: 'The password strength rules (every change-password form needs them)',
  access: { kind: 'authenticated' },
  response: strengthRulesWireSchema,
  whilePasswordExpired: 'allowed',
});

export const setStrengthRules = defineCall({
  ...SYSTEM_ROUTES.setStrengthRules,
  tag: 'security',
  summary: 'Saves the password strength rules',
  access: { kind: 'menu', menu: 'security' },
  body: strengthRulesWireSchema,
  response: strengthRulesWireSchema,
  audit: { action: 'set_password_strength_rules', target: 'security.password_rules' },
});

export const expirationWireSchema = z
  .object({
    password_expiration_notification_enable: z.boolean(),
    password_expiration_validity_period: z.number().int().min(VALIDITY_PERIOD_RANGE.min).max(VALIDITY_PERIOD_RANGE.max),
    password_expiration_allow_operations_before_update: z.boolean(),
  })
  .meta({ id: 'PasswordExpiration' });

export const getExpiration = defineCall({
  ...SYSTEM_ROUTES.getExpiration,
  tag: 'security',
  summary: 'The password expiration settings (the expiry dialog needs them for every account)',
  access: { kind: 'authenticated' },
  response: expirationWireSchema,
  whilePasswordExpired: 'allowed',
});

export const setExpiration = defineCall({
  ...SYSTEM_ROUTES.setExpiration,
  tag: 'security',
  summary: 'Saves the password expiration settings',
  access: { kind: 'menu', menu: 'security' },
  body: expirationWireSchema,
  response: expirationWireSchema,
  audit: { action: 'set_password_expiration', target: 'security.password_expiration' },
});

export const httpSettingSchema = z
  .object({
    http: z.boolean(),
    https_port: z.number().int(),
    /** SHA-256 fingerprint of the HTTPS certificate (`AB:CD:…`): what to compare with the browser's
     * certificate warning. Null while the device has no certificate yet. */
    certificate_sha256: z.string().nullable(),
  })
  .meta({ id: 'HttpSetting' });

export const getHttp = defineCall({
  ...SYSTEM_ROUTES.getHttp,
  tag: 'security',
  summary: 'Whether plain HTTP is allowed, and the HTTPS port',
  access: { kind: 'authenticated' },
  response: httpSettingSchema,
});

export const setHttp = defineCall({
  ...SYSTEM_ROUTES.setHttp,
  tag: 'security',
  summary: 'Allows plain HTTP (true) or redirects it to HTTPS (false)',
  access: { kind: 'menu', menu: 'security' },
  body: z.object({ http: z.boolean() }),
  response: httpSettingSchema,
  audit: { action: 'set_http', target: 'security.http' },
});

export const webSpecificationSchema = z
  .object({
    usermode: z.boolean(),
    ethernet_count: z.number().int(),
    wifi_count: z.number().int(),
    led: z.boolean(),
  })
  .meta({ id: 'WebSpecification' });

export const webSpecification = defineCall({
  ...SYSTEM_ROUTES.webSpecification,
  tag: 'system',
  summary: 'What this device model offers: user mode, Ethernet and Wi-Fi counts, identification LED',
  access: { kind: 'authenticated' },
  response: webSpecificationSchema,
  whilePasswordExpired: 'allowed',
});

export const systemInfoSchema = z
  .object({
    hmi_name: z.string(),
    model: z.string(),
    os_version: z.string(),
    web_version: z.string(),
    hostname: z.string(),
    uptime_seconds: z.number().int().min(0),
    remote_access_version: z.string(),
    serial_number: z.string(),
    /** The panel's interfaces and their hardware addresses. */
    macs: z.array(z.object({ name: z.string(), mac: z.string() })),
    disk: z.object({ total_bytes: z.number().min(0), used_bytes: z.number().min(0) }),
    memory: z.object({ total_bytes: z.number().min(0), used_bytes: z.number().min(0) }),
  })
  .meta({ id: 'SystemInfo' });

export const systemInfo = defineCall({
  ...SYSTEM_ROUTES.systemInfo,
  tag: 'system',
  summary: 'What the dashboard shows: name, versions, host name, uptime, disk and memory use',
  access: { kind: 'authenticated' },
  response: systemInfoSchema,
});

/** Longest blink one request may ask for; Stop ends it sooner. */
export const IDENTIFY_MAX_SECONDS = 600;

export const identifyLightSchema = z
  .object({ active: z.boolean(), seconds_left: z.number().int().min(0) })
  .meta({ id: 'IdentifyLight' });

export const identifyLight = defineCall({
  ...SYSTEM_ROUTES.identifyLight,
  tag: 'system',
  summary: 'Whether the identification light blinks, and for how many more seconds',
  access: { kind: 'menu', menu: 'system_info' },
  response: identifyLightSchema,
});

export const startIdentifyLight = defineCall({
  ...SYSTEM_ROUTES.startIdentifyLight,
  tag: 'system',
  summary: `Makes the panel's LED blink for the given seconds (1 to ${IDENTIFY_MAX_SECONDS})`,
  access: { kind: 'menu', menu: 'system_info' },
  body: z.object({ seconds: z.number().int().min(1).max(IDENTIFY_MAX_SECONDS) }),
  response: identifyLightSchema,
  audit: { action: 'start_identify_light', target: 'system.led' },
});

export const stopIdentifyLight = defineCall({
  ...SYSTEM_ROUTES.stopIdentifyLight,
  tag: 'system',
  summary: 'Stops the identification light',
  access: { kind: 'menu', menu: 'system_info' },
  response: identifyLightSchema,
  audit: { action: 'stop_identify_light', target: 'system.led' },
});
