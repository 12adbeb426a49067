/** The device's HTTP client to the cloud service (the vendor's, or the development service that
 * plays it, server/tools/remote-service/cloud.ts): one JSON request within a time limit, and why it
 * failed in the terms the console explains (contract/rules/cloud.ts CLOUD_ERRORS). No request data
 * reaches a shell; the host and port are the stored settings, judged by the shared rule. */
import http from 'node:http';
import https from 'node:https';
import { z } from 'zod';
import { CLOUD_ACTIVATIONS, CLOUD_REGIONS, CLOUD_SUBSCRIPTIONS, type CloudError } from '../../../contract/rules/cloud';

/** The answer the cloud gives about one panel. */
export const cloudPanelAnswerSchema = z.object({
  panel_id: z.string(),
  activation: z.enum(CLOUD_ACTIVATIONS),
  subscription: z.enum(CLOUD_SUBSCRIPTIONS),
  region: z.enum(CLOUD_REGIONS).nullable(),
  domain: z.string().max(253).nullable(),
  dashboard_url: z.string().max(2048).nullable(),
  expires_at: z.iso.datetime().nullable(),
  suspends_at: z.iso.datetime().nullable(),
});
export type CloudPanelAnswer = z.output<typeof cloudPanelAnswerSchema>;

export class CloudFailure extends Error {
  constructor(readonly code: CloudError, message: string) {
    super(message);
  }
}

export interface CloudEndpoint {
  protocol: 'http' | 'https';
  host: string;
  port: number;
}

/** The answer of a request that reached the service: its status and its JSON. */
export interface CloudReply {
  status: number;
  body: unknown;
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA']);
const MAX_ANSWER = 64 * 1024;

/** The kind of a network error of node's HTTP client. */
export function cloudErrorOf(err: unknown): CloudError {
  const code = (err as NodeJS.ErrnoException | null)?.code ?? '';
  if (DNS_CODES.has(code)) return 'cloud_dns_failed';
  if (code === 'ECONNREFUSED') return 'cloud_refused';
  if (code === 'ETIMEDOUT' || code === 'CLOUD_TIMEOUT') return 'cloud_timeout';
  return 'cloud_unreachable';
}

/** One request; throws CloudFailure when nothing usable came back (a status of 500 and over, or
 * an answer that is not JSON, is a bad answer). */
export function cloudRequest(endpoint: CloudEndpoint, method: 'GET' | 'POST', path: string, body: unknown, timeoutMs: number): Promise<CloudReply> {
  return new Promise<CloudReply>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const client = endpoint.protocol === 'https' ? https : http;
    let settled = false;
    const done = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const req = client.request(
      {
        host: endpoint.host,
        port: endpoint.port,
        method,
        path,
        // One connection a request, closed after it: nothing stays open between two status reads.
        agent: false,
        headers: { accept: 'application/json', ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_ANSWER) {
            req.destroy();
            done(() => reject(new CloudFailure('cloud_bad_answer', `the answer of ${endpoint.host} is larger than ${MAX_ANSWER} bytes`)));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () =>
          done(() => {
            const status = res.statusCode ?? 0;
            let json: unknown;
            try {
              json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              return reject(new CloudFailure('cloud_bad_answer', `${endpoint.host}:${endpoint.port} answered ${status} without JSON: not a cloud service`));
            }
            if (status >= 500) return reject(new CloudFailure('cloud_bad_answer', `the cloud service answered ${status}`));
            resolve({ status, body: json });
          }),
        );
        res.on('error', (err) => done(() => reject(new CloudFailure(cloudErrorOf(err), err.message))));
      },
    );
    const timer = setTimeout(() => {
      const err = Object.assign(new Error(`no answer from ${endpoint.host}:${endpoint.port} within ${timeoutMs} ms`), { code: 'CLOUD_TIMEOUT' });
      done(() => reject(new CloudFailure('cloud_timeout', err.message)));
      req.destroy(err);
    }, timeoutMs);
    req.on('error', (err) => done(() => reject(new CloudFailure(cloudErrorOf(err), `${endpoint.host}:${endpoint.port}: ${err.message}`))));
    req.end(payload);
  });
}

/** A panel's state from a reply, or a bad answer. */
export function panelAnswerOf(reply: CloudReply): CloudPanelAnswer {
  const parsed = cloudPanelAnswerSchema.safeParse(reply.body);
  if (reply.status !== 200 || !parsed.success) throw new CloudFailure('cloud_bad_answer', `the cloud service answered ${reply.status} with no panel state`);
  return parsed.data;
}
