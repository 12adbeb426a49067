/** The OS update flow of this page: the signed-update machine, with the OS's ways to the device. */
import { osApi } from '../../../store/api/os-endpoints';
import type { AppDispatch } from '../../../store';
import { OS_ROUTES } from '../../../contract/api/os.routes';
import { osUpdate } from '../../../machines/os-update.machine';
import { useSignedUpdate, type SignedUpdateDevice } from '../../app/use-signed-update';

/** What the panel says of its OS, read afresh (the page's own query shows the same answer). */
const osInfo = (dispatch: AppDispatch) => dispatch(osApi.endpoints.osInfo.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap();

const OS_DEVICE: SignedUpdateDevice = {
  route: OS_ROUTES.update,
  parts: ({ files }) => ({ image: files.image as File }),
  findRunning: async (dispatch) => {
    const running = (await osInfo(dispatch)).running_job;
    return running ? { jobId: running.id, version: running.version } : null;
  },
  fetchVersion: async (dispatch) => ({ version: (await osInfo(dispatch)).os_version }),
};

export function useOsUpdate() {
  return useSignedUpdate(osUpdate, OS_DEVICE);
}
