/**
 * What an operation-log row is about is said in words (issue 20, item 3): every target the device
 * writes (the contract's calls, the device's own rows) is in the contract's list or one of its
 * forms, and each has an English wording in the texts of an area (`audit.targets.<key>`,
 * test/unit/audit-texts.test.ts; the locale test then asks the nine other languages for the same
 * keys); a target naming one thing hands over its name or id.
 */
import { ALL_CALLS } from '../../contract/api';
import { CERTIFICATE_LISTS } from '../../contract/api/opcua';
import { AUDIT_TARGET_FORMS, AUDIT_TARGETS, auditTargetWords } from '../../contract/audit';
import { JOB_KINDS, JOB_KINDS_DEF } from '../../contract/jobs';
import { auditTexts } from '../support/audit-texts';

/** Every English wording of a target, whichever area's namespace holds it. */
const WORDS = Object.fromEntries([...auditTexts('targets')].map(([key, places]) => [key, places[0]!.text]));
/** A wording's key, plural forms counted as their base key. */
const wordingKeys = new Set(Object.keys(WORDS).map((k) => k.replace(/_(one|other)$/, '')));

describe('operation-log targets', () => {
  it('knows the target of every call of the contract', () => {
    const unknown = ALL_CALLS.filter((c) => c.audit && auditTargetWords(c.audit.target) === null).map((c) => `${c.id}: ${c.audit!.target}`);
    expect(unknown).toEqual([]);
  });

  it("names each kind of job's own part of the device when a restart cut it short", () => {
    expect(Object.fromEntries(JOB_KINDS.map((kind) => [kind, JOB_KINDS_DEF[kind].target]))).toEqual({
      project_update: 'project',
      os_update: 'os',
      data_backup: 'data',
      plc_runtime_update: 'plc_runtime.firmware',
    });
    for (const kind of JOB_KINDS) expect(AUDIT_TARGETS).toContain(JOB_KINDS_DEF[kind].target);
  });

  it('lists every OPC UA certificate list as a target', () => {
    for (const list of CERTIFICATE_LISTS) expect(AUDIT_TARGETS).toContain(`opcua.certificates.${list}`);
  });

  it('has an English wording for every target and form, and no wording for a target that is not one', () => {
    const keys = [...AUDIT_TARGETS.map((t) => auditTargetWords(t)!.key), ...AUDIT_TARGET_FORMS.map((f) => f.key)];
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((k) => !wordingKeys.has(k))).toEqual([]);
    expect([...wordingKeys].filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('reads the name or id a target carries', () => {
    expect(auditTargetWords('security.http')).toEqual({ key: 'security_http', values: {} });
    expect(auditTargetWords('opcua.certificates.own')).toEqual({ key: 'opcua_certificates_own', values: {} });
    expect(auditTargetWords('account')).toEqual({ key: 'account', values: {} });
    expect(auditTargetWords('account.admin.state_code')).toEqual({ key: 'account_state', values: { account: 'admin' } });
    expect(auditTargetWords('account.admin,update,history')).toEqual({ key: 'accounts', values: { accounts: ['admin', 'update', 'history'] } });
    expect(auditTargetWords('event_log.17')).toEqual({ key: 'event', values: { id: '17' } });
    expect(auditTargetWords('communication.devices.PLC 2')).toEqual({ key: 'communication_device', values: { name: 'PLC 2' } });
    expect(auditTargetWords('communication.devices')).toEqual({ key: 'communication_devices', values: {} });
  });

  it('knows no other target: a newer device\'s is shown as it came', () => {
    for (const target of ['network.bridge', 'event_log.x', 'account.', 'security', '']) expect(auditTargetWords(target)).toBeNull();
  });

  it('names each placeholder a form hands over in its wording', () => {
    for (const form of AUDIT_TARGET_FORMS) {
      const texts = Object.entries(WORDS).filter(([k]) => k.replace(/_(one|other)$/, '') === form.key).map(([, v]) => v);
      for (const text of texts) expect(text).toContain(`{{${form.param}}}`);
    }
  });
});
