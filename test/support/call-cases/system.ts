import type { AreaCases } from './types';
import { formatSetTime, partsOfLocal } from '../../../contract/rules/device-time';
import { expirationWire, strengthRulesWire } from '../settings';

const strengthRules = strengthRulesWire();
const expiration = expirationWire();

export const systemCases: AreaCases = {
  'system.getHmiName': { account: 'cmt_default_view_only_user' },
  'system.setHmiName': { account: 'admin', body: { name: 'Line-7' }, invalid: { body: { name: 42 }, field: 'name' } },
  'system.getTime': { account: 'history' },
  'system.setDateTime': {
    account: 'admin',
    // A minute ahead of now: every date the device stamps follows this clock, so a time years
    // ahead would age every row the tests wrote before (and retention would remove them).
    body: { time: formatSetTime(partsOfLocal(Date.now() + 60_000)) },
    invalid: { body: { time: '2030-06-15 08:30:00' }, field: 'time' },
  },
  'system.legacyHash': { account: 'update' },
  'system.getStrengthRules': { account: 'cmt_default_control_user' },
  'system.setStrengthRules': {
    account: 'admin',
    body: strengthRules,
    invalid: { body: { ...strengthRules, password_rules_minimal_length: 3 }, field: 'password_rules_minimal_length' },
  },
  'system.getExpiration': { account: 'history' },
  'system.setExpiration': {
    account: 'admin',
    body: expiration,
    invalid: { body: { ...expiration, password_expiration_validity_period: 0 }, field: 'password_expiration_validity_period' },
  },
  'system.getHttp': { account: 'update' },
  // http: true keeps plain HTTP on; switching it off is tested on a device of its own.
  'system.setHttp': { account: 'admin', body: { http: true }, invalid: { body: { http: 'false' }, field: 'http' } },
  'system.webSpecification': { account: 'cmt_default_view_only_user' },
  'system.info': { account: 'history' },
  'system.identifyLight': { account: 'history' },
  'system.startIdentifyLight': { account: 'update', body: { seconds: 30 }, invalid: { body: { seconds: 0 }, field: 'seconds' } },
  'system.stopIdentifyLight': { account: 'admin' },
};
