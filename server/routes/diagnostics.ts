import * as diagnostics from '../../contract/api/diagnostics';
import { defineServerArea } from '../http/area';
import { registerCall } from '../http/register-call';
import type { CoreDevice } from '../device';
import { LiveSampler } from '../services/diagnostics/live';

/** Administration / Diagnostics (docs/decisions.md#diagnostics): the device's load, its services'
 * states, its log and a reachability test. */
export const diagnosticsArea = defineServerArea({
  name: 'diagnostics',
  services: (device: CoreDevice) => ({
    /** Samples of the device's load (Live). */
    liveSampler: new LiveSampler({ now: () => device.time.nowMs(), dataDir: device.dataDir, listeners: device.listeners }),
  }),
  start(device) {
    device.liveSampler.start();
  },
  close: ({ liveSampler }) => liveSampler.close(),
  register(app, device) {
    registerCall(app, device, diagnostics.live, () => device.liveSampler.sample());
  },
});
