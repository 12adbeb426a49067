import { defineContractArea } from '../area';
import type * as calls from './system';
import { API_BASE, type Route } from './route';

/** Method and path of the system calls, zod-free so the console can import it; their schemas are in ./system.ts. */
export const SYSTEM_ROUTES = {
  getHmiName: { id: 'system.getHmiName', method: 'GET', path: `${API_BASE}/system/hmi/name` },
  setHmiName: { id: 'system.setHmiName', method: 'PUT', path: `${API_BASE}/system/hmi/name` },
  getTime: { id: 'system.getTime', method: 'GET', path: `${API_BASE}/system/time` },
  setDateTime: { id: 'system.setDateTime', method: 'PUT', path: `${API_BASE}/system/datetime` },
  legacyHash: { id: 'system.legacyHash', method: 'GET', path: `${API_BASE}/system/legacyhash` },
  getStrengthRules: { id: 'system.getStrengthRules', method: 'GET', path: `${API_BASE}/system/password-strength-rules` },
  setStrengthRules: { id: 'system.setStrengthRules', method: 'PUT', path: `${API_BASE}/system/password-strength-rules` },
  getExpiration: { id: 'system.getExpiration', method: 'GET', path: `${API_BASE}/system/password-expiration-notification` },
  setExpiration: { id: 'system.setExpiration', method: 'PUT', path: `${API_BASE}/system/password-expiration-notification` },
  getHttp: { id: 'system.getHttp', method: 'GET', path: `${API_BASE}/system/http` },
  setHttp: { id: 'system.setHttp', method: 'PUT', path: `${API_BASE}/system/http` },
  systemInfo: { id: 'system.info', method: 'GET', path: `${API_BASE}/system/info` },
  identifyLight: { id: 'system.identifyLight', method: 'GET', path: `${API_BASE}/system/led` },
  startIdentifyLight: { id: 'system.startIdentifyLight', method: 'PUT', path: `${API_BASE}/system/led` },
  stopIdentifyLight: { id: 'system.stopIdentifyLight', method: 'DELETE', path: `${API_BASE}/system/led` },
  webSpecification: { id: 'system.webSpecification', method: 'GET', path: `${API_BASE}/system/web/specification` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const systemContract = defineContractArea<typeof calls>()({
  name: 'system',
  auditActions: ['set_hmi_name', 'set_datetime', 'start_identify_light', 'stop_identify_light', 'set_password_strength_rules', 'set_password_expiration', 'set_http'],
  auditTargets: ['device', 'system.hmi_name', 'system.time', 'system.led', 'security.password_rules', 'security.password_expiration', 'security.http'],
});
