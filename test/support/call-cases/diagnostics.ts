import type { AreaCases } from './types';

export const diagnosticsCases: AreaCases = {
  // Live, services, log and reachability.
  'diagnostics.live': { account: 'admin' },
};
