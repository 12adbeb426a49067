import type { AreaCases } from './types';

export const cgiCases: AreaCases = {
  'cgi.resetProject': { account: 'history', query: { resetsele: '28' }, invalid: { query: { resetsele: '1' }, field: 'resetsele' } },
};
