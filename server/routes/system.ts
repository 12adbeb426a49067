import type { FastifyInstance } from 'fastify';
import * as calls from '../../contract/api/system';
import { hmiNameProblem, sanitizeHmiName, HMI_NAME_MAX_LENGTH } from '../../contract/rules/hmi-name';
import { ApiError } from '../lib/api-error';
import { registerCall } from '../http/register-call';
import { registerSettingPair } from '../http/setting-pair';
import { defineServerArea, setting } from '../http/area';
import crypto from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_EXPIRATION, DEFAULT_STRENGTH_RULES, MINIMAL_LENGTH_RANGE, expirationToWire, strengthRulesToWire } from '../../contract/rules';
import { FACTORY_OS_VERSION } from '../hardware/system-info';
import { DEVICE_MODEL, REMOTE_ACCESS_VERSION, WEB_SPECIFICATION, readHostFacts } from '../hardware/system-info';
import type { Device } from '../device';
import { certificateSha256 } from '../tls';
import { IdentifyLightService } from '../services/identify-light';
import { selfCheckItem, type SelfCheckItem } from '../../contract/api/self-check';
import { certificateFinding } from '../lib/certificate-expiry';
import path from 'node:path';

function register(app: FastifyInstance, device: Device): void {
  const { settings } = device;

  registerSettingPair(app, device, {
    key: 'hmi_name',
    get: calls.getHmiName,
    set: calls.setHmiName,
    answer: (name) => ({ name }),
    store: (body) => {
      const problem = hmiNameProblem(body.name);
      if (problem === 'empty') throw ApiError.validation('name', 'the HMI name is empty');
      if (problem === 'too_long') throw ApiError.validation('name', `the HMI name has more than ${HMI_NAME_MAX_LENGTH} characters`);
      return sanitizeHmiName(body.name);
    },
  });

  registerCall(app, device, calls.getTime, () => ({ time: device.time.display() }));

  registerCall(app, device, calls.setDateTime, ({ body, audit }) => {
    const { before, after } = device.time.set(body.time);
    audit({ before, after });
    return { time: after };
  });

  registerCall(app, device, calls.legacyHash, () => device.accounts.legacyAccounts());

  registerSettingPair(app, device, { key: 'password_strength_rules', get: calls.getStrengthRules, set: calls.setStrengthRules });

  registerSettingPair(app, device, { key: 'password_expiration', get: calls.getExpiration, set: calls.setExpiration });

  registerSettingPair(app, device, {
    key: 'http_enabled',
    get: calls.getHttp,
    set: calls.setHttp,
    answer: (http) => ({ http, https_port: device.httpsPort, certificate_sha256: certificateSha256(device.dataDir) }),
    store: (body) => body.http,
  });

  registerCall(app, device, calls.systemInfo, () => {
    const host = readHostFacts(device.dataDir);
    return {
      hmi_name: settings.get('hmi_name'),
      model: DEVICE_MODEL,
      os_version: device.settings.get('os_version'),
      web_version: device.version,
      hostname: host.hostname,
      uptime_seconds: host.uptimeSeconds,
      remote_access_version: REMOTE_ACCESS_VERSION,
      serial_number: settings.get('device_identity').serial_number,
      macs: Object.entries(settings.get('device_identity').macs).map(([name, mac]) => ({ name, mac })),
      disk: { total_bytes: host.disk.total, used_bytes: host.disk.total - host.disk.free },
      memory: { total_bytes: host.memory.total, used_bytes: host.memory.total - host.memory.free },
    };
  });

  registerCall(app, device, calls.identifyLight, () => device.identifyLight.status());

  registerCall(app, device, calls.startIdentifyLight, ({ body, audit }) => {
    const status = device.identifyLight.start(body.seconds);
    audit({ after: { seconds: body.seconds } });
    return status;
  });

  registerCall(app, device, calls.stopIdentifyLight, ({ audit }) => {
    const before = device.identifyLight.status();
    const status = device.identifyLight.stop();
    audit({ before, after: status });
    return status;
  });

  registerCall(app, device, calls.webSpecification, () => ({ ...WEB_SPECIFICATION }));
}

/** A serial number and locally administered MAC addresses, one per interface, in sequence: what
 * a real panel reads from its nameplate and NICs, made once at first start. */
function newDeviceIdentity() {
  const serial = `X1070${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
  const base = crypto.randomBytes(3);
  const macs: Record<string, string> = {};
  ['LAN1', 'LAN2', 'WLAN'].forEach((name, i) => {
    const tail = ((base.readUIntBE(0, 3) + i) & 0xffffff).toString(16).padStart(6, '0');
    macs[name] = `02:1a:7c:${tail.slice(0, 2)}:${tail.slice(2, 4)}:${tail.slice(4, 6)}`;
  });
  return { serial_number: serial, macs };
}

export const systemArea = defineServerArea({
  name: 'system',
  services: (device) => ({ identifyLight: new IdentifyLightService(device.clock) }),
  settings: {
    hmi_name: setting(z.string(), () => 'HMI'),
    time_offset_ms: setting(z.number(), () => 0),
    password_strength_rules: setting(
      calls.strengthRulesWireSchema,
      () => strengthRulesToWire(DEFAULT_STRENGTH_RULES),
      // The minimal length once went down to 4 though 8 was always the floor: the floor it is.
      (stored) => {
        const parsed = calls.strengthRulesWireSchema.extend({ password_rules_minimal_length: z.number() }).safeParse(stored);
        if (!parsed.success) return undefined;
        const length = parsed.data.password_rules_minimal_length;
        return { ...parsed.data, password_rules_minimal_length: Math.max(MINIMAL_LENGTH_RANGE.min, Math.min(MINIMAL_LENGTH_RANGE.max, length)) };
      },
    ),
    password_expiration: setting(calls.expirationWireSchema, () => expirationToWire(DEFAULT_EXPIRATION)),
    http_enabled: setting(z.boolean(), () => true),
    device_identity: setting(z.object({ serial_number: z.string(), macs: z.record(z.string(), z.string()) }), newDeviceIdentity),
  },
  selfCheck: {
    ids: ['plain_http', 'password_rules_off', 'https_certificate_expiring', 'https_certificate_expired'],
    check(device): SelfCheckItem[] {
      const items: SelfCheckItem[] = [];
      // Passwords, tokens and the console itself travel unencrypted on port 80.
      if (device.settings.get('http_enabled')) items.push(selfCheckItem('system', 'plain_http', 'high', 'http_enabled', 'security'));
      if (!device.settings.get('password_strength_rules').password_rules_enable) {
        items.push(selfCheckItem('system', 'password_rules_off', 'medium', 'password_strength_rules.password_rules_enable', 'security'));
      }
      const cert = certificateFinding(path.join(device.dataDir, 'tls', 'cert.pem'), device.clock.now());
      if (cert) items.push(selfCheckItem('system', `https_certificate_${cert.kind}`, cert.kind === 'expired' ? 'high' : 'low', 'tls/cert.pem', 'security', { days: cert.days }));
      return items;
    },
  },
  register,
});
