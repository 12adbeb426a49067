import * as cloud from '../../contract/api/cloud';
import { cloudSettingsProblems, DEFAULT_CLOUD_SETTINGS, normalizeCloudSettings } from '../../contract/rules/cloud';
import { registerCall } from '../http/register-call';
import { registerSettingPair } from '../http/setting-pair';
import { defineServerArea, setting } from '../http/area';
import { ApiError } from '../lib/api-error';
import { CloudDashboardService, DEFAULT_CLOUD_OPTIONS, type CloudOptions, type CloudStatus } from '../services/cloud/cloud';
import type { CoreDevice } from '../device';

/** What the operation log keeps of an activation's outcome. */
function activationRow(s: CloudStatus) {
  return { panel_id: s.panel_id, region: s.region, service: s.service, activation: s.activation, subscription: s.subscription, expires_at: s.expires_at };
}

export const cloudArea = defineServerArea({
  name: 'cloud',
  settings: {
    /** Where the cloud service is: the region, and the Custom service's host and port. */
    cloud: setting(cloud.cloudSettingsSchema, () => ({ ...DEFAULT_CLOUD_SETTINGS })),
  },
  services: (
    device: CoreDevice,
    options: {
      /** How long the device waits for the cloud; tests shorten it. */
      cloud?: Partial<CloudOptions>;
    },
  ): { cloud: CloudDashboardService } => ({
    cloud: new CloudDashboardService({
      settings: () => device.settings.get('cloud'),
      panelId: () => device.settings.get('device_identity').serial_number,
      now: () => device.time.nowMs(),
      options: { ...DEFAULT_CLOUD_OPTIONS, ...options.cloud },
    }),
  }),
  register(app, device) {
    registerCall(app, device, cloud.status, () => device.cloud.status());

    registerSettingPair(app, device, {
      key: 'cloud',
      get: cloud.getSettings,
      set: cloud.setSettings,
      store: (body) => {
        const next = normalizeCloudSettings(body);
        const problems = cloudSettingsProblems(next);
        const field = (['host', 'port'] as const).find((f) => problems[f]);
        if (field) throw ApiError.rule(field, problems[field]!);
        return next;
      },
    });

    registerCall(app, device, cloud.activate, async ({ audit }) => {
      const status = await device.cloud.change('activate');
      audit({ after: activationRow(status) });
      return status;
    });

    registerCall(app, device, cloud.deactivate, async ({ audit }) => {
      const status = await device.cloud.change('deactivate');
      audit({ after: activationRow(status) });
      return status;
    });
  },
});
