/**
 * An area's operation-log names are its own (issue 21, item 2): every action (a call's or the
 * device's own), target and target form an area of the contract declares is named in exactly one
 * area's English texts (`audit.actions.<action>`, `audit.targets.<key>` of its namespace), and no
 * area names one that nobody declares. The locale test then asks the nine other languages for the
 * same keys; here the Operation Log's own lookup is also tried in German.
 */
import { createInstance, type TFunction } from 'i18next';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CALL_AUDIT_ACTIONS, DEVICE_AUDIT_ACTIONS, AUDIT_TARGET_FORMS, AUDIT_TARGETS, auditTargetWords } from '../../contract/audit';
import { CONTRACT_AREAS } from '../../contract/areas';
import { TEXT_NAMESPACES } from '../../src/features/areas';
import { AUDIT_TEXT_NAMESPACES, actionName, targetText } from '../../src/features/data/audit-words';
import { auditSections, auditTexts } from '../support/audit-texts';

const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');

/** Where each key is named, plural forms counted as their base key. */
function places(kind: 'actions' | 'targets'): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, at] of auditTexts(kind)) {
    const k = base(key);
    out.set(k, [...new Set([...(out.get(k) ?? []), ...at.map((p) => p.ns)])]);
  }
  return out;
}

const TARGET_KEYS = [...AUDIT_TARGETS.map((t) => auditTargetWords(t)!.key), ...AUDIT_TARGET_FORMS.map((f) => f.key)];

describe("the operation log's names, each in its area's texts", () => {
  it("looks names up in every area's audit namespace, the Data area's first", () => {
    expect(AUDIT_TEXT_NAMESPACES[0]).toBe('data/audit');
    expect([...AUDIT_TEXT_NAMESPACES].sort()).toEqual(TEXT_NAMESPACES.map((ns) => `${ns}/audit`).sort());
  });

  it.each(TEXT_NAMESPACES)("%s: the screens' namespace holds no operation-log name (they are in its audit folder)", (ns) => {
    const screens = JSON.parse(readFileSync(join(__dirname, `../../public/locales/${ns}/en.json`), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(screens)).not.toContain('audit');
  });

  it.each(CONTRACT_AREAS.map((a) => [a.name, a] as const))('%s: each action, device action, target and form it declares is named once', (_name, area) => {
    const declared = area as { auditActions?: readonly string[]; deviceAuditActions?: readonly string[]; auditTargets?: readonly string[]; auditTargetForms?: readonly { key: string }[] };
    const actions = places('actions');
    const targets = places('targets');
    const wrong = [
      ...[...(declared.auditActions ?? []), ...(declared.deviceAuditActions ?? [])].map((a) => ({ key: `audit.actions.${a}`, in: actions.get(a) ?? [] })),
      ...[...(declared.auditTargets ?? []).map((t) => auditTargetWords(t)!.key), ...(declared.auditTargetForms ?? []).map((f) => f.key)].map((k) => ({
        key: `audit.targets.${k}`,
        in: targets.get(k) ?? [],
      })),
    ].filter((p) => p.in.length !== 1);
    expect(wrong).toEqual([]);
  });

  it('names no action or target that no area declares', () => {
    const actions: readonly string[] = [...CALL_AUDIT_ACTIONS, ...DEVICE_AUDIT_ACTIONS];
    expect([...places('actions').keys()].filter((a) => !actions.includes(a))).toEqual([]);
    expect([...places('targets').keys()].filter((k) => !TARGET_KEYS.includes(k))).toEqual([]);
  });

  it('holds nothing else in an audit section', () => {
    const extra = auditSections().flatMap(({ ns, audit }) => Object.keys(audit).filter((k) => k !== 'actions' && k !== 'targets').map((k) => `${ns}: audit.${k}`));
    expect(extra).toEqual([]);
  });

  it('keeps no name in the shared texts of the Data screens', () => {
    const data = JSON.parse(readFileSync(join(__dirname, '../../public/locales/data/en.json'), 'utf8')) as { operations: Record<string, unknown> };
    expect(Object.keys(data.operations)).not.toContain('actions');
    expect(Object.keys(data.operations)).not.toContain('targets');
  });

  describe.each(['en', 'de'])("the Operation Log's lookup in %s", (language) => {
    let t: TFunction;
    beforeAll(async () => {
      const i18n = createInstance();
      const resources = Object.fromEntries(
        AUDIT_TEXT_NAMESPACES.map((ns) => {
          const file = join(__dirname, `../../public/locales/${ns}/${language}.json`);
          return [ns, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as object) : {}];
        }),
      );
      await i18n.init({ lng: language, fallbackLng: false, resources: { [language]: resources }, interpolation: { escapeValue: false } });
      t = i18n.getFixedT(language, 'data');
    });

    it('finds a name for every action', () => {
      const unnamed = [...CALL_AUDIT_ACTIONS, ...DEVICE_AUDIT_ACTIONS].filter((a) => actionName(t, a) === `audit.actions.${a}`);
      expect(unnamed).toEqual([]);
    });

    it('finds words for every target and form', () => {
      const samples = [...AUDIT_TARGETS, 'account.admin.state_code', 'account.admin,update', 'event_log.7', 'communication.devices.PLC 2', 'webview.users:operator1', 'webview.tag:Pump1_Running', 'api_keys.0123456789abcdef', 'security.accounts:operator1', 'accounts.managed:history'];
      const unnamed = samples.filter((target) => targetText(t, target, language).startsWith('audit.targets.'));
      expect(unnamed).toEqual([]);
      // Every form is among the samples.
      expect(AUDIT_TARGET_FORMS.filter((f) => !samples.some((s) => f.pattern.test(s))).map((f) => f.key)).toEqual([]);
    });

    it('shows an action or target it does not know as it came', () => {
      expect(actionName(t, 'newer_action')).toBe('newer_action');
      expect(targetText(t, 'network.bridge', language)).toBe('network.bridge');
    });
  });
});
