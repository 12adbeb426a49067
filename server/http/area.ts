import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ContractAreaName } from '../../contract/areas';
import type { ServiceHealth } from '../../contract/api/diagnostics';
import type { CoreDevice, CoreDeviceOptions, Device } from '../device';
import type { SelfCheckItem } from '../../contract/api/self-check';

/** One device setting an area keeps (stored as JSON in the settings table, server/services/settings.ts). */
export interface SettingDef<S extends z.ZodType = z.ZodType> {
  /** The value as stored: its type, its secrets (marked, masked in the operation log), and which
   * objects gain the fields their default gains (`withDefaults`). */
  readonly schema: S;
  /** A new device's value (a fresh copy each time). */
  readonly initial: () => z.output<S>;
  /** What changed meaning since a value was stored (not an added field: `withDefaults` does
   * those): runs at every start on the stored value and answers it as the device now reads it. */
  readonly upgrade?: (stored: unknown) => z.output<S> | undefined;
}

export type SettingDefs = Readonly<Record<string, SettingDef>>;

/** A setting: its stored schema, its first value and, rarely, its upgrade. */
export function setting<S extends z.ZodType>(schema: S, initial: () => z.output<S>, upgrade?: SettingDef<S>['upgrade']): SettingDef<S> {
  return { schema, initial, ...(upgrade ? { upgrade } : {}) };
}

/** The largest file one call of an area takes (server/http/upload.ts). The room uploads stage in
 * holds the largest update and, beside it, `beside` uploads of each area that says so; a body
 * answered early is read to its end up to the largest of them all (server/http/request-body.ts). */
export interface LargestUpload {
  readonly bytes: number;
  /** Absent: an update, one at a time with the others (UpdateSlot), so the room holds the largest
   * update only. A number: uploads the room holds that many of beside the update (recipe
   * backups). */
  readonly beside?: number;
}

/** What an area finds weakening the panel now (the security self-check, docs/decisions.md): the
 * ids it may answer (each once across the areas; their words are `self_check.items.<id>` of the
 * Diagnostics texts, a test holds every id to them), and the check, run at each
 * `GET /api/v1/diagnostics/self-check` on the running device. */
export interface SelfCheckDef {
  readonly ids: readonly string[];
  check(device: Device): readonly SelfCheckItem[] | Promise<readonly SelfCheckItem[]>;
}

/** The server half of one area of the API: it registers the calls of `contract/api/<name>.ts` and
 * declares what it adds to the device: the settings it keeps, the services it makes, their start
 * and close, its largest upload. Every area is listed once, in server/areas.ts; a new area is its
 * file in server/routes/, its services' files, and one line there (docs/adding.md#add-an-area).
 *
 * At start (createDevice, server/app.ts) the core is made (CoreDevice), then every area's
 * `services` in the list's order, then the core starts (the project runs), then every area's
 * `start` in the list's order; at close every area's `close` runs in the reverse order, then the
 * core closes. */
export interface ServerArea<S extends SettingDefs = SettingDefs, V extends object = object, O extends object = object, D extends CoreDevice = CoreDevice> {
  /** The contract area it serves (contract/areas.ts). */
  readonly name: ContractAreaName;
  /** The settings it keeps, by key (each key once across the areas: a test checks). */
  readonly settings?: S;
  /** Makes the services it adds to the device, by name (`device.<name>` in every route): each name
   * once across the areas (createDevice refuses a second). `device` is the core and the services
   * of the areas before it in server/areas.ts: an area that uses another's names them in the type
   * of `device` (`device: CoreDevice & { osUpdate: OsUpdateService }`), and server/areas.ts checks
   * that the other is listed before. `options` are createDevice's: the core's and, by the names
   * this area gives them in the type of `options`, its own (tests shorten its timings). The
   * project is not started yet: hook its activation here, read the running project in `start`.
   * Makes objects only: nothing runs yet. A factory that makes a service from a setting's value
   * (`settings.get`, typed from the same list) writes its return type, or TypeScript finds the
   * list's type circular (the OPC UA area). */
  services?(device: D, options: O & CoreDeviceOptions): V;
  /** Starts what the services run, once every area's services are made and the project runs
   * (timers, listeners, the first reconciliation); awaited in the list's order. */
  start?(device: Device, options: O & CoreDeviceOptions): void | Promise<void>;
  /** Stops its services (the app's close): timers, listeners, servers. */
  close?(services: V): void | Promise<void>;
  /** The largest upload its calls take, when it takes files. */
  largestUpload?(services: V): LargestUpload;
  /** The services it runs, as Diagnostics lists them (GET /diagnostics/services): each one's state,
   * since when, its last error (server/services/service-health.ts tracks them). Only an area that
   * runs a service has it; the list is every area's, in the list's order, after the core's
   * listeners. */
  health?(services: V): readonly ServiceHealth[];
  /** Its security self-check: what in its settings weakens the panel now (a new area adds its
   * own here; nothing else lists them). */
  selfCheck?: SelfCheckDef;
  register(app: FastifyInstance, device: Device): void;
}

export function defineServerArea<const S extends SettingDefs = {}, V extends object = {}, O extends object = {}, D extends CoreDevice = CoreDevice>(
  area: ServerArea<S, V, O, D>,
): ServerArea<S, V, O, D> {
  return area;
}
