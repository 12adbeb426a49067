import type { AreaCases } from './types';

export const diagnosticsCases: AreaCases = {
  // Live, services, log and reachability.
  'diagnostics.live': { account: 'admin' },
  'diagnostics.services': { account: 'admin' },
  'diagnostics.log': {
    account: 'admin',
    query: { level: 'info', text: 'request', limit: '20' },
    invalid: { query: { level: 'loud' }, field: 'level' },
  },
  'diagnostics.reach': {
    account: 'admin',
    // Nothing listens on the discard port of loopback: the test answers at once, refused.
    body: { host: '127.0.0.1', port: 9 },
    invalid: { body: { host: 'http://plc.local/', port: 502 }, field: 'host' },
  },
  // The security self-check and the diagnostic bundle.
  'diagnostics.selfCheck': { account: 'admin' },
  'diagnostics.bundle': { account: 'admin' },
};
