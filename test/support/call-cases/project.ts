import { projectPair, putOnMedium, uploadParts } from '../projects';
import type { AreaCases } from './types';

const pair = projectPair({ name: 'Case Line' });

export const projectCases: AreaCases = {
  'project.logoName': { account: 'history' },
  'project.info': { account: 'update' },
  'project.restart': { account: 'update' },
  'project.update': {
    account: 'admin',
    multipart: uploadParts(pair),
    invalid: { multipart: uploadParts(pair, 'p'.repeat(65)), field: 'password' },
  },
  'project.backup': { account: 'admin' },
  'project.media': { account: 'update' },
  'project.updateFromMedia': {
    account: 'admin',
    prepare: async (t) => {
      putOnMedium(t.dataDir, 'usb', pair);
      return {};
    },
    body: { medium: 'usb', name: 'Case Line' },
    invalid: { body: { medium: 'usb', name: '../../etc/passwd' }, field: 'name' },
  },
};
