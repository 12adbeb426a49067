import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { shownFieldErrors, type PasswordChangeMachine } from '../../../machines/password-change.machine';
import { PasswordChangeForm } from './PasswordChangeForm';

/**
 * The change form of a running password-change flow (the wizard's and the expiry dialog's child):
 * it shows the flow's form and errors and sends it the edits. Submitting is the dialog's Finish.
 */
export function PasswordChangeFields({ flow }: { flow: ActorRefFrom<PasswordChangeMachine> | undefined }) {
  const snapshot = useSelector(flow, (s) => s);
  if (!flow || !snapshot) return null;
  const { context } = snapshot;
  return (
    <PasswordChangeForm
      values={context.form}
      errors={shownFieldErrors(context)}
      serverError={context.serverError}
      rules={context.rules}
      showChangeAll={context.isAdmin}
      onEdit={(field, value) => flow.send({ type: 'password.edit', field, value })}
      onToggleChangeAll={(value) => flow.send({ type: 'password.toggleChangeAll', value })}
      disabled={!snapshot.hasTag('editable')}
    />
  );
}
