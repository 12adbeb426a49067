import type { AreaCases } from './types';

export const metaCases: AreaCases = {
  'meta.openapi': { account: 'admin' },
};
