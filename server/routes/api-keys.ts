import * as keys from '../../contract/api/api-keys';
import { registerCall } from '../http/register-call';
import { defineServerArea } from '../http/area';
import { selfCheckItem, type SelfCheckItem } from '../../contract/api/self-check';
import { ApiKeyService } from '../services/api-keys';

/** Administration / API: the API keys (docs/decisions.md#api-keys). The check of a call made with
 * a key is in server/http/register-call.ts (`authenticate`, `authorize`) and the service. */
export const apiKeysArea = defineServerArea({
  name: 'apiKeys',
  services: (device) => ({ apiKeys: new ApiKeyService(device.db, device.time, device.clock, device.accounts) }),
  selfCheck: {
    ids: ['api_keys_without_expiry'],
    // A key that never expires works until someone remembers to revoke it.
    check(device): SelfCheckItem[] {
      const lasting = device.apiKeys.list().filter((k) => k.state === 'active' && k.expires_at === null);
      return lasting.length === 0 ? [] : [selfCheckItem('apiKeys', 'api_keys_without_expiry', 'medium', 'api_keys.expires_at', 'api', { count: lasting.length, keys: lasting.map((k) => k.name).join(', ') })];
    },
  },
  register(app, device) {
    registerCall(app, device, keys.list, () => ({ keys: device.apiKeys.list(), menus: device.apiKeys.offeredMenus() }));

    registerCall(app, device, keys.create, ({ body, caller, audit }) => {
      const made = device.apiKeys.create(body, caller.username);
      // The row records the key as listed (never its secret) and names it.
      audit({ after: made.key, values: keys.apiKeySchema, target: `api_keys.${made.key.id}` });
      return made;
    });

    registerCall(app, device, keys.revoke, ({ params, audit }) => {
      audit({ target: `api_keys.${params.id}` });
      const { before, after } = device.apiKeys.revoke(params.id);
      audit({ before, after, values: keys.apiKeySchema, target: `api_keys.${params.id}` });
      return after;
    });
  },
});
