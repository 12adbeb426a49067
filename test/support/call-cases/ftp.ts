import { ftpSettingsOf } from '../ftp';
import type { AreaCases } from './types';

export const ftpCases: AreaCases = {
  'ftp.getSettings': { account: 'admin' },
  'ftp.setSettings': {
    account: 'admin',
    // Stored but not started (a server would outlive the case): the port and range change.
    body: ftpSettingsOf({ port: 3021, passive_from: 40000, passive_to: 40049 }),
    invalid: { body: ftpSettingsOf({ port: 2121 }), field: 'port' },
  },
  'ftp.status': { account: 'admin' },
};
