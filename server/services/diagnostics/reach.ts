/**
 * The reachability test (Diagnostics): a DNS look-up and a TCP connection from the device, with
 * node:dns and node:net only (no shell, no ICMP), each bounded in time. The host has passed
 * contract/rules/diagnostics.ts before it gets here.
 */
import dns from 'node:dns';
import net from 'node:net';
import type { ReachResult } from '../../../contract/api/diagnostics';
import { REACH_TIMEOUT_MS, type ReachError } from '../../../contract/rules/diagnostics';
import { stopwatch } from '../../lib/clock';

export interface ReachOptions {
  /** Each step's bound (tests shorten it). */
  timeoutMs: number;
  /** The resolver (tests give one that never answers). */
  lookup(host: string): Promise<{ address: string; family: number }[]>;
}

export const DEFAULT_REACH_OPTIONS: ReachOptions = {
  timeoutMs: REACH_TIMEOUT_MS,
  // getaddrinfo, as every client on the device resolves a name (the hosts file included).
  lookup: (host) => dns.promises.lookup(host, { all: true, verbatim: true }),
};

const round = (ms: number) => Math.round(ms * 10) / 10;

function dnsErrorOf(err: unknown): ReachError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOTFOUND' || code === 'ENODATA' || code === 'EAI_NONAME' || code === 'EAI_NODATA') return 'dns_not_found';
  if (code === 'ETIMEOUT' || code === 'EAI_AGAIN') return 'dns_timeout';
  return 'dns_failed';
}

function tcpErrorOf(err: unknown): ReachError {
  switch ((err as NodeJS.ErrnoException).code) {
    case 'ECONNREFUSED':
      return 'refused';
    case 'ETIMEDOUT':
      return 'timeout';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
    case 'ENETDOWN':
    case 'EADDRNOTAVAIL':
      return 'unreachable';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'reset';
    default:
      return 'failed';
  }
}

class Timeout extends Error {
  readonly code = 'ETIMEDOUT';
}

function bounded<T>(promise: Promise<T>, ms: number, code: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Timeout(`no answer within ${ms} ms`), { code })), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** One TCP connection to address:port, closed as soon as it is made; rejects within `ms`. */
function connect(address: string, port: number, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(Object.assign(new Timeout(`no answer within ${ms} ms`), { code: 'ETIMEDOUT' }));
    }, ms);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve();
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      socket.destroy();
      reject(err);
    });
  });
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

/** Looks `host` up, then connects to its addresses in turn until one answers (all within the
 * bound); says what happened at each step. */
export async function testReach(host: string, port: number, options: ReachOptions = DEFAULT_REACH_OPTIONS): Promise<ReachResult> {
  const literal = net.isIP(host) !== 0;
  const dnsTime = stopwatch();
  let addresses: string[];
  if (literal) {
    addresses = [host];
  } else {
    try {
      const found = await bounded(options.lookup(host), options.timeoutMs, 'ETIMEOUT');
      addresses = [...new Set(found.map((a) => a.address))];
      if (addresses.length === 0) throw Object.assign(new Error(`no address for ${host}`), { code: 'ENODATA' });
    } catch (err) {
      return { host, port, dns: { ok: false, literal, addresses: [], ms: round(dnsTime()), error: dnsErrorOf(err), detail: messageOf(err) }, tcp: null };
    }
  }
  const dnsResult = { ok: true, literal, addresses, ms: round(dnsTime()), error: null, detail: null };

  const tcpTime = stopwatch();
  let lastError: unknown = null;
  let tried: string | null = null;
  for (const address of addresses) {
    const left = options.timeoutMs - tcpTime();
    if (left <= 0) break;
    tried = address;
    try {
      await connect(address, port, left);
      return { host, port, dns: dnsResult, tcp: { ok: true, address, ms: round(tcpTime()), error: null, detail: null } };
    } catch (err) {
      lastError = err;
    }
  }
  const error = lastError ? tcpErrorOf(lastError) : 'timeout';
  return { host, port, dns: dnsResult, tcp: { ok: false, address: tried, ms: round(tcpTime()), error, detail: lastError ? messageOf(lastError) : null } };
}
