import { lazy, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { useAppActors } from './app-actors';

// Rarely shown: the dialog's code loads the first time it opens. It is mounted only while open,
// so that each time it opens it comes above any dialog already open (a name being saved, say).
const ForcedReloginPrompt = lazy(() => import(/* webpackChunkName: "forced-relogin" */ './ForcedReloginPrompt'));

/** Confirm logout (specification §8): opened by a 400 invalid_token, closable only by its buttons. */
export function ForcedReloginDialog() {
  const { forcedRelogin } = useAppActors();
  const open = useSelector(forcedRelogin, (s) => s.matches('confirming'));
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ForcedReloginPrompt onCancel={() => forcedRelogin.send({ type: 'relogin.cancel' })} onConfirm={() => forcedRelogin.send({ type: 'relogin.confirm' })} />
    </Suspense>
  );
}
