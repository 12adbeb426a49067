import * as diagnostics from '../../contract/api/diagnostics';
import { reachHostProblem } from '../../contract/rules/diagnostics';
import { defineServerArea } from '../http/area';
import { registerCall } from '../http/register-call';
import { ApiError } from '../lib/api-error';
import type { CoreDevice, CoreDeviceOptions } from '../device';
import { LiveSampler } from '../services/diagnostics/live';
import { DEFAULT_REACH_OPTIONS, testReach, type ReachOptions } from '../services/diagnostics/reach';

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
  },
});
