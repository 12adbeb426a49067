import type { AreaCases } from './types';

export const projectCases: AreaCases = {
  'project.logoName': { account: 'history' },
};
