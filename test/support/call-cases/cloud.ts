import { DEFAULT_CLOUD_SETTINGS } from '../../../contract/rules/cloud';
import { sharedCloudService } from '../cloud-service';
import type { TestDevice } from '../device';
import type { AreaCases } from './types';

/** Points the device at the development cloud service on loopback, with this panel in `activation`
 * (its subscription a trial), whatever the cases before did. */
async function withCloud(t: TestDevice, activation: 'activated' | 'not_activated'): Promise<void> {
  const cloud = await sharedCloudService();
  t.device.settings.set('cloud', { region: 'custom', host: cloud.host, port: cloud.port });
  cloud.service.setPanel(t.device.settings.get('device_identity').serial_number, { activation, subscription: 'trial' });
}

export const cloudCases: AreaCases = {
  'cloud.status': {
    account: 'admin',
    prepare: async (t) => {
      await withCloud(t, 'activated');
      return {};
    },
  },
  'cloud.getSettings': { account: 'admin' },
  'cloud.setSettings': {
    account: 'admin',
    body: { ...DEFAULT_CLOUD_SETTINGS, region: 'custom', host: 'cloud.example.test', port: 8080 },
    // A host with a space: the shared rule refuses it.
    invalid: { body: { ...DEFAULT_CLOUD_SETTINGS, region: 'custom', host: 'cloud example', port: 8080 }, field: 'host' },
  },
  'cloud.activate': {
    account: 'admin',
    prepare: async (t) => {
      await withCloud(t, 'not_activated');
      return {};
    },
  },
  'cloud.deactivate': {
    account: 'admin',
    prepare: async (t) => {
      await withCloud(t, 'activated');
      return {};
    },
  },
};
