import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ContractAreaName } from '../../contract/areas';
import type { Device } from '../device';

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

/** The server half of one area of the API: it registers the calls of `contract/api/<name>.ts` and
 * declares the device settings it keeps. Every area is listed once, in server/areas.ts; a new area
 * is its file in server/routes/ and one line there (docs/adding.md#add-an-area). */
export interface ServerArea<S extends SettingDefs = SettingDefs> {
  /** The contract area it serves (contract/areas.ts). */
  readonly name: ContractAreaName;
  /** The settings it keeps, by key (each key once across the areas: a test checks). */
  readonly settings?: S;
  register(app: FastifyInstance, device: Device): void;
}

export function defineServerArea<const S extends SettingDefs = {}>(area: ServerArea<S>): ServerArea<S> {
  return area;
}
