import type { ResponseOf } from '../../contract/api/define';
import type { userInfo } from '../../contract/api/uac';
import { strengthRulesFromWire } from '../../contract/rules/password-strength';
import { useStrengthRulesQuery } from '../../store/api/system-endpoints';
import { lazy, Suspense, useState } from 'react';
import { shouldShowExpiryDialog } from '../../machines/password-expiry.machine';
import { usePasswordExpiry } from './password-expiry';

// Each dialog, with the change form and XState's wizard, loads only when it is due.
const FirstRunWizardDialog = lazy(() =>
  import(/* webpackChunkName: "first-run-wizard" */ './FirstRunWizardDialog').then((m) => ({ default: m.FirstRunWizardDialog })),
);
const PasswordExpiryDialog = lazy(() =>
  import(/* webpackChunkName: "password-expiry" */ './PasswordExpiryDialog').then((m) => ({ default: m.PasswordExpiryDialog })),
);

type UserInfo = ResponseOf<typeof userInfo>;

/** The first-run wizard while status_code is 0; otherwise the expiry dialog when it is due. */
export function AccountDialogs({ user, isAdmin }: { user: UserInfo; isAdmin: boolean }) {
  const rules = useStrengthRulesQuery();
  const expiry = usePasswordExpiry(user);
  // The wizard runs from the first sign-in until its machine is done, not only while status_code
  // is 0: completion sets it to 1 before the protocol is set, and that step's failure must show.
  const [wizard, setWizard] = useState<'pending' | 'running' | 'done'>('pending');
  if (wizard === 'pending' && user.state_code === 0) setWizard('running');
  if (!rules.data) return null;
  const strength = strengthRulesFromWire(rules.data);
  const wizardVisible = wizard === 'running';
  if (wizardVisible) {
    return (
      <Suspense fallback={null}>
        <FirstRunWizardDialog
          input={{ username: user.username, isAdmin, rules: strength, httpsEnabled: !user.http, onPlainHttp: window.location.protocol === 'http:' }}
          onDone={() => setWizard('done')}
        />
      </Suspense>
    );
  }
  const { settings } = expiry;
  if (!settings) return null;
  const due = shouldShowExpiryDialog({ wizardVisible, settings, passwordUpdatedAt: user.password_updated_at, deviceNowMs: expiry.nowMs });
  if (!due) return null;
  return (
    <Suspense fallback={null}>
      <PasswordExpiryDialog
        input={{ username: user.username, isAdmin, allowCancel: settings.allowOperationsBeforeUpdate, rules: strength }}
        validityDays={settings.validityPeriod}
      />
    </Suspense>
  );
}
