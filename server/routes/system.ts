import type { FastifyInstance } from 'fastify';
import * as calls from '../../contract/api/system';
import { hmiNameProblem, sanitizeHmiName, HMI_NAME_MAX_LENGTH } from '../../contract/rules/hmi-name';
import { ApiError } from '../lib/api-error';
import { registerCall } from '../http/register-call';
import { DEVICE_MODEL, OS_VERSION, REMOTE_ACCESS_VERSION, WEB_SPECIFICATION, readHostFacts } from '../device/system-info';
import type { Device } from '../device';

export function systemRoutes(app: FastifyInstance, device: Device): void {
  const { settings } = device;

  registerCall(app, device, calls.getHmiName, () => ({ name: settings.get('hmi_name') }));

  registerCall(app, device, calls.setHmiName, ({ body, audit }) => {
    const problem = hmiNameProblem(body.name);
    if (problem === 'empty') throw ApiError.validation('name', 'the HMI name is empty');
    if (problem === 'too_long') throw ApiError.validation('name', `the HMI name has more than ${HMI_NAME_MAX_LENGTH} characters`);
    const before = settings.get('hmi_name');
    const name = sanitizeHmiName(body.name);
    settings.set('hmi_name', name);
    audit({ before, after: name });
    return { name };
  });

  registerCall(app, device, calls.getTime, () => ({ time: device.time.display() }));

  registerCall(app, device, calls.setDateTime, ({ body, audit }) => {
    const { before, after } = device.time.set(body.time);
    audit({ before, after });
    return { time: after };
  });

  registerCall(app, device, calls.legacyHash, () => device.accounts.legacyAccounts());

  registerCall(app, device, calls.getStrengthRules, () => settings.get('password_strength_rules'));

  registerCall(app, device, calls.setStrengthRules, ({ body, audit }) => {
    const before = settings.get('password_strength_rules');
    settings.set('password_strength_rules', body);
    audit({ before, after: body });
    return body;
  });

  registerCall(app, device, calls.getExpiration, () => settings.get('password_expiration'));

  registerCall(app, device, calls.setExpiration, ({ body, audit }) => {
    const before = settings.get('password_expiration');
    settings.set('password_expiration', body);
    audit({ before, after: body });
    return body;
  });

  const httpSetting = () => ({ http: settings.get('http_enabled'), https_port: device.httpsPort });

  registerCall(app, device, calls.getHttp, httpSetting);

  registerCall(app, device, calls.setHttp, ({ body, audit }) => {
    const before = settings.get('http_enabled');
    settings.set('http_enabled', body.http);
    audit({ before, after: body.http });
    return httpSetting();
  });

  registerCall(app, device, calls.systemInfo, () => {
    const host = readHostFacts(device.dataDir);
    return {
      hmi_name: settings.get('hmi_name'),
      model: DEVICE_MODEL,
      os_version: OS_VERSION,
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
