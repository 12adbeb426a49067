import type { FastifyInstance } from 'fastify';
import type { CALL_AREAS } from '../../contract/api';
import type { Device } from '../device';

/** The server half of one area of the API: it registers the calls of `contract/api/<name>.ts`.
 * Every area is listed once, in server/areas.ts; a new area is its file in server/routes/ and one
 * line there. */
export interface ServerArea {
  /** The contract area it serves (a key of CALL_AREAS). */
  name: keyof typeof CALL_AREAS;
  register(app: FastifyInstance, device: Device): void;
}

export function defineServerArea(area: ServerArea): ServerArea {
  return area;
}
