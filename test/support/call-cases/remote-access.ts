import type { AreaCases } from './types';
import { remoteInput } from '../remote-access';

/** Stores a partner account, so that Connect has one to connect with. */
const withPartner: AreaCases[string]['prepare'] = async (t) => {
  const s = t.device.remoteAccess.stored();
  t.device.settings.set('remote_access', { ...s, partner_name: 'case_partner', partner_password: 'Case-Pass1' });
  return {};
};

// Connect answers at once (connecting); test/server/remote-access.test.ts follows connections to
// the development service to their end.
export const remoteAccessCases: AreaCases = {
  'remoteAccess.getSettings': { account: 'admin' },
  'remoteAccess.setSettings': {
    account: 'admin',
    body: remoteInput(),
    invalid: { body: remoteInput({ partner_name: 'a-b' }), field: 'partner_name' },
  },
  'remoteAccess.status': { account: 'admin' },
  'remoteAccess.connect': { account: 'admin', prepare: withPartner },
  'remoteAccess.disconnect': { account: 'admin' },
};
