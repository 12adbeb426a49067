import * as diagnostics from '../../contract/api/diagnostics';
import { reachHostProblem } from '../../contract/rules/diagnostics';
import { defineServerArea } from '../http/area';
import { registerCall } from '../http/register-call';
import { ApiError } from '../lib/api-error';
import type { CoreDevice, CoreDeviceOptions } from '../device';
import { LiveSampler } from '../services/diagnostics/live';
import { DEFAULT_REACH_OPTIONS, testReach, type ReachOptions } from '../services/diagnostics/reach';
// The security self-check and the diagnostic bundle.
import type { Device } from '../device';
import { BUNDLE_LOG_LINES, bundleFileName, diagnosticBundle } from '../services/diagnostics/bundle';
import { DEVICE_MODEL, readHostFacts } from '../hardware/system-info';
import { stampOf } from '../lib/stamp';

/** The self-check's answer: every area's findings, now. */
async function selfCheckOf(device: Device) {
  return { checked_at: new Date(device.time.nowMs()).toISOString(), items: await device.selfCheck() };
}

/** The bundle's system facts: the device, its versions, its host. */
function systemFacts(device: Device): Record<string, unknown> {
  let host: unknown;
  try {
    host = readHostFacts(device.dataDir);
  } catch (err) {
    host = { error: err instanceof Error ? err.message : String(err) };
  }
  return {
    model: DEVICE_MODEL,
    serial_number: device.settings.get('device_identity').serial_number,
    hmi_name: device.settings.get('hmi_name'),
    os_version: device.settings.get('os_version'),
    server_version: device.version,
    project: { name: device.project.project.name, model: device.project.project.model },
    device_time: new Date(device.time.nowMs()).toISOString(),
    host_time: new Date(device.clock.now()).toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    process_uptime_s: Math.floor(process.uptime()),
    memory: process.memoryUsage(),
    host,
  };
}

/** Administration / Diagnostics (docs/decisions.md#diagnostics): the device's load, its services'
 * states, its log and a reachability test. */
export const diagnosticsArea = defineServerArea({
  name: 'diagnostics',
  services: (device: CoreDevice, options: { reach?: Partial<ReachOptions> } & Partial<CoreDeviceOptions>) => ({
    /** Samples of the device's load (Live). */
    liveSampler: new LiveSampler({ now: () => device.time.nowMs(), dataDir: device.dataDir, listeners: device.listeners }),
    /** The reachability test's bound and resolver (tests shorten and replace them). */
    reachOptions: { ...DEFAULT_REACH_OPTIONS, ...options.reach } as ReachOptions,
  }),
  start(device) {
    device.liveSampler.start();
  },
  close: ({ liveSampler }) => liveSampler.close(),
  register(app, device) {
    // Live, services, log and reachability.
    registerCall(app, device, diagnostics.live, () => device.liveSampler.sample());

    registerCall(app, device, diagnostics.services, () => ({ services: device.serviceHealth() }));

    registerCall(app, device, diagnostics.log, ({ query }) => device.deviceLog.query(query));

    registerCall(app, device, diagnostics.reach, async ({ body, audit }) => {
      const problem = reachHostProblem(body.host);
      if (problem) throw ApiError.rule('host', problem);
      const result = await testReach(body.host, body.port, device.reachOptions);
      // The row's result is the call's (it answered); what came of the test is in `after`.
      audit({ after: { host: body.host, port: body.port, dns: result.dns.error ?? 'ok', tcp: result.tcp ? (result.tcp.error ?? 'ok') : null } });
      return result;
    });

    // The security self-check and the diagnostic bundle.
    registerCall(app, device, diagnostics.selfCheck, () => selfCheckOf(device));

    registerCall(app, device, diagnostics.bundle, async ({ reply, audit }) => {
      const now = device.time.nowMs();
      const fileName = bundleFileName(device.settings.get('hmi_name'), stampOf(now));
      const integrity = (device.db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
      const stream = diagnosticBundle({
        now,
        system: systemFacts(device),
        settings: device.settings,
        logLines: device.deviceLog.lastLines(BUNDLE_LOG_LINES),
        services: { services: device.serviceHealth() },
        selfCheck: await selfCheckOf(device),
        integrity,
      });
      audit({ after: { file: fileName, integrity: integrity.join('; ').slice(0, 200) } });
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return stream;
    });
  },
});
