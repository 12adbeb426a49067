import { fromPromise } from 'xstate';
import type { AppDispatch } from '../../store';
import { uacApi } from '../../store/api/uac-endpoints';
import { systemApi } from '../../store/api/system-endpoints';
import { isAdminModeAccount } from '../../contract/roles';
import type { ChangePasswordInput, ChangePasswordOutput } from '../../machines/password-change';
import type { SetHttpInput, SetHttpOutput } from '../../machines/first-run-wizard.machine';

/** The real side effects the account dialogs' machines invoke, as RTK Query calls. */
export function accountActors(dispatch: AppDispatch) {
  return {
    changePassword: fromPromise<ChangePasswordOutput, ChangePasswordInput>(async ({ input }) => {
      const { username, current, password, changeAll } = input;
      const result = isAdminModeAccount(username)
        ? await dispatch(uacApi.endpoints.changeAdminPassword.initiate({ username, current, password, changeAll }))
        : await dispatch(uacApi.endpoints.changeUserPassword.initiate({ username, current, password }));
      if ('error' in result) throw result.error;
      return result.data;
    }),
    completeFirstRun: fromPromise<void>(async () => {
      const result = await dispatch(uacApi.endpoints.completeFirstRun.initiate());
      if ('error' in result) throw result.error;
      await dispatch(uacApi.endpoints.userInfo.initiate(undefined, { forceRefetch: true, subscribe: false }));
    }),
    setHttp: fromPromise<SetHttpOutput, SetHttpInput>(async ({ input }) => {
      const result = await dispatch(systemApi.endpoints.setHttp.initiate({ http: input.http }));
      if ('error' in result) throw result.error;
      // Plain HTTP is now redirected: continue on the HTTPS listener (the session starts anew there,
      // since the token is kept per origin).
      if (!input.http && window.location.protocol === 'http:') {
        window.location.assign(`https://${window.location.hostname}:${result.data.https_port}${window.location.pathname}`);
      }
      return result.data;
    }),
  };
}
