import type { FastifyInstance } from 'fastify';
import * as calls from '../../contract/api/system';
import { hmiNameProblem, sanitizeHmiName, HMI_NAME_MAX_LENGTH } from '../../contract/rules/hmi-name';
import { ApiError } from '../lib/api-error';
import { registerCall } from '../http/register-call';
import { registerSettingPair } from '../http/setting-pair';
import { defineServerArea } from '../http/area';
import { DEVICE_MODEL, REMOTE_ACCESS_VERSION, WEB_SPECIFICATION, readHostFacts } from '../hardware/system-info';
import type { Device } from '../device';
import { certificateSha256 } from '../tls';

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

export const systemArea = defineServerArea({ name: 'system', register });
