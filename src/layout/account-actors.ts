import { fromPromise } from 'xstate';
import type { AppDispatch } from '../../store';
import { uacApi } from '../../store/api/uac-endpoints';
import { systemApi } from '../../store/api/system-endpoints';
import { isAdminModeAccount } from '../../contract/roles';
import type { ChangePasswordInput, ChangePasswordOutput } from '../../machines/password-change';
import { passwordChangeMachine } from '../../machines/password-change.machine';
import type { SetHttpInput, SetHttpOutput } from '../../machines/first-run-wizard.machine';

/** The console's address on the device's HTTPS listener, for this page's path. */
export function httpsAddress(port: number, location: Pick<Location, 'hostname' | 'pathname'> = window.location): string {
  const host = location.hostname.includes(':') ? `[${location.hostname}]` : location.hostname;
  return `https://${host}:${port}${location.pathname}`;
}

/** Leaves this page for another address (the HTTPS console); one place, so tests can see it. */
export function openAddress(address: string): void {
  window.location.assign(address);
}

/** The real side effects the account dialogs' machines invoke, as RTK Query calls. */
export function accountActors(dispatch: AppDispatch) {
  const changePassword = fromPromise<ChangePasswordOutput, ChangePasswordInput>(async ({ input }) => {
    const { username, current, password, changeAll } = input;
    const result = isAdminModeAccount(username)
      ? await dispatch(uacApi.endpoints.changeAdminPassword.initiate({ username, current, password, changeAll }))
      : await dispatch(uacApi.endpoints.changeUserPassword.initiate({ username, current, password }));
    if ('error' in result) throw result.error;
    return result.data;
  });
  return {
    changePassword,
    /** The password-change flow as the wizard and the expiry dialog invoke it. */
    passwordChange: passwordChangeMachine.provide({ actors: { changePassword } }),
    completeFirstRun: fromPromise<void>(async () => {
      const result = await dispatch(uacApi.endpoints.completeFirstRun.initiate());
      if ('error' in result) throw result.error;
      await dispatch(uacApi.endpoints.userInfo.initiate(undefined, { forceRefetch: true, subscribe: false }));
    }),
    setHttp: fromPromise<SetHttpOutput, SetHttpInput>(async ({ input }) => {
      const result = await dispatch(systemApi.endpoints.setHttp.initiate({ http: input.http }));
      if ('error' in result) throw result.error;
      return result.data;
    }),
  };
}
