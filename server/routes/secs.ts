import * as secs from '../../contract/api/secs';
import { DEFAULT_SECS_SETTINGS, secsSettingsProblems, type SecsSettingsFields } from '../../contract/rules/secs';
import { defineServerArea, setting } from '../http/area';
import { registerCall } from '../http/register-call';
import { ApiError } from '../lib/api-error';
import { DEVICE_MODEL } from '../hardware/system-info';
import type { CoreDevice } from '../device';
import { DEFAULT_SECS_OPTIONS, SecsEndpoint, type SecsEndpointOptions } from '../services/secs/endpoint';

/** The options the SECS/GEM area reads from createDevice's: the licence given at start
 * (`HMI_SECS_LICENSE`, server/config.ts) and the endpoint's (tests shorten its seconds). */
export interface SecsAreaOptions {
  /** true or false: the licence is set so at start; undefined: the stored licence stays. */
  secsLicense?: boolean;
  secs?: Partial<SecsEndpointOptions>;
}

/** Without the licence every SECS/GEM call answers 403 (after the token and role checks). */
function assertLicensed(device: Pick<CoreDevice, 'settings'>): void {
  if (!device.settings.get('secs_license')) throw new ApiError(403, 'secs_not_licensed', 'This panel holds no SECS/GEM licence');
}

/** The ports the panel's own services hold, by the service's name: HTTP and HTTPS always, OPC UA and
 * FTP while they are enabled. The endpoint may not listen on one of them. */
function portsInUse(device: CoreDevice, options: { port?: number; httpsPort?: number }): Map<number, string> {
  const ports = new Map<number, string>();
  ports.set(options.port ?? 8080, 'HTTP');
  ports.set(options.httpsPort ?? device.httpsPort, 'HTTPS');
  const opcua = device.settings.get('opcua');
  if (opcua.enabled) ports.set(opcua.port, 'OPC UA');
  const ftp = device.settings.get('ftp');
  if (ftp.enabled) ports.set(ftp.port, 'FTP');
  return ports;
}

export const secsArea = defineServerArea({
  name: 'secs',
  settings: {
    /** The HSMS-SS endpoint's settings; off on a new device (contract/rules/secs.ts). */
    secs: setting(secs.secsSettingsSchema, () => structuredClone(DEFAULT_SECS_SETTINGS)),
  },
  services: (device: CoreDevice, options: SecsAreaOptions & { host?: string; port?: number; httpsPort?: number }): { secsGem: SecsEndpoint } => ({
    /** The HSMS-SS endpoint: its connection and its state. */
    secsGem: new SecsEndpoint({
      settings: () => device.settings.get('secs') as SecsSettingsFields,
      licensed: () => device.settings.get('secs_license'),
      identity: () => ({ model: DEVICE_MODEL, softwareVersion: device.settings.get('os_version') }),
      now: () => device.time.nowMs(),
      host: options.host ?? '127.0.0.1',
      portsInUse: () => portsInUse(device, options),
      options: { ...DEFAULT_SECS_OPTIONS, ...options.secs },
    }),
  }),
  async start(device, options) {
    if (options.secsLicense !== undefined) device.settings.set('secs_license', options.secsLicense);
    await device.secsGem.start();
  },
  close: ({ secsGem }) => secsGem.close(),
  health: ({ secsGem }) => [secsGem.health()],
  register(app, device) {
    registerCall(app, device, secs.getSettings, () => {
      assertLicensed(device);
      return device.settings.get('secs');
    });

    // Stored, then applied at once (the listener or the connect loop restarts); the answer comes
    // once the status says what became of it (a port another program holds: last_error port_in_use).
    registerCall(app, device, secs.setSettings, async ({ body, audit }) => {
      assertLicensed(device);
      const problem = Object.entries(secsSettingsProblems(body))[0];
      if (problem) throw ApiError.rule(problem[0], problem[1]!);
      const taken = body.mode === 'passive' ? device.secsGem.portHolder(body.port) : undefined;
      if (taken) throw new ApiError(409, 'secs_port_reserved', `Port ${body.port} is used by the panel's ${taken} server`, { field: 'port' });
      const stored = { ...body, remote_host: body.remote_host.trim() };
      const before = device.db.transaction(() => {
        const current = device.settings.get('secs');
        device.settings.set('secs', stored);
        return current;
      })();
      audit({ before, after: stored, values: device.settings.schemaOf('secs') });
      device.secsGem.reconcile();
      await device.secsGem.settled();
      return stored;
    });

    registerCall(app, device, secs.status, async () => {
      assertLicensed(device);
      await device.secsGem.settled();
      return device.secsGem.status();
    });
  },
});
