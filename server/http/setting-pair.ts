import type { FastifyInstance } from 'fastify';
import type { BodyOf, CallDef, ResponseOf } from '../../contract/api/define';
import type { DeviceSettings, SettingKey } from '../services/settings';
import { registerCall } from './register-call';
import type { Device } from '../device';

type Answer<K extends SettingKey, G, S> = (value: DeviceSettings[K]) => ResponseOf<G> & ResponseOf<S>;
type Store<K extends SettingKey, S> = (body: BodyOf<S>, current: DeviceSettings[K]) => DeviceSettings[K];

/** One stored setting served by a pair of calls: `get` answers it, `set` stores a new value.
 * `answer` turns the stored value into both calls' answer and `store` a set request into the
 * value to store (throwing an ApiError refuses it); each may be left out when the types are the
 * same, the value then travels as it is. */
export type SettingPair<K extends SettingKey, G extends CallDef, S extends CallDef> = {
  key: K;
  get: G;
  set: S;
  /** Runs after a new value is stored (a retention lowered prunes at once). */
  applied?: (value: DeviceSettings[K]) => void;
} & ([
  DeviceSettings[K],
] extends [ResponseOf<G> & ResponseOf<S>]
  ? { answer?: Answer<K, G, S> }
  : { answer: Answer<K, G, S> }) &
  ([BodyOf<S>] extends [DeviceSettings[K]] ? { store?: Store<K, S> } : { store: Store<K, S> });

/** Registers a get/set pair of one setting. The set call reads the value before, stores the new
 * one in a transaction, and its operation-log row records both as stored, masked by the setting's
 * schema (its area's `settings`, device.settings.schemaOf). */
export function registerSettingPair<K extends SettingKey, G extends CallDef, S extends CallDef>(
  app: FastifyInstance,
  device: Device,
  pair: SettingPair<K, G, S>,
): void {
  const { settings, db } = device;
  const { key } = pair;
  const answer = (pair.answer ?? ((value) => value)) as Answer<K, G, S>;
  const store = (pair.store ?? ((body) => body)) as Store<K, S>;

  registerCall(app, device, pair.get, () => answer(settings.get(key)));

  registerCall(app, device, pair.set, ({ body, audit }) => {
    const { before, after } = db.transaction(() => {
      const current = settings.get(key);
      const next = store(body, current);
      settings.set(key, next);
      return { before: current, after: next };
    })();
    audit({ before, after, values: device.settings.schemaOf(key) });
    pair.applied?.(after);
    return answer(after);
  });
}
