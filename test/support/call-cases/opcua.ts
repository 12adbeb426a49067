import type { AreaCases } from './types';

export const opcuaCases: AreaCases = {
  'opcua.nodeTree': { account: 'admin' },
  'opcua.driverTable': { account: 'admin' },
};
