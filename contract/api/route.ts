/** Zod-free facts of a call: what the console needs at run time to make it. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const API_BASE = '/api/v1';

export interface Route {
  id: string;
  method: HttpMethod;
  /** Full path, Fastify style (`:param`). */
  path: string;
  /** The token calls take a form body; uploads multipart (files and text parts); all others JSON. */
  bodyFormat?: 'json' | 'form' | 'multipart';
  /** A call that answers a file to save (a backup) rather than JSON. */
  answerFormat?: 'json' | 'file';
}
