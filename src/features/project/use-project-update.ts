/** The project update flow of this page: the signed-update machine, with the project's ways to the device. */
import { projectApi } from '../../../store/api/project-endpoints';
import { PROJECT_ROUTES } from '../../../contract/api/project.routes';
import { projectUpdate } from '../../../machines/project-update.machine';
import { useSignedUpdate, type SignedUpdateDevice } from '../../app/use-signed-update';

const PROJECT_DEVICE: SignedUpdateDevice = {
  route: PROJECT_ROUTES.update,
  parts: ({ files, password }) => ({ app: files.app as File, crc: files.crc as File, ...(password === '' ? {} : { password }) }),
  findRunning: async (dispatch) => {
    const info = await dispatch(projectApi.endpoints.projectInfo.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap();
    return info.running_job ? { jobId: info.running_job, version: null } : null;
  },
  startFromMedia: (dispatch, { medium, name, password }) =>
    dispatch(projectApi.endpoints.updateFromMedia.initiate({ medium, name, ...(password === '' ? {} : { password }) })).unwrap(),
  // Whatever the outcome, what runs and what the media hold are read again.
  updateEnded: (dispatch) => void dispatch(projectApi.util.invalidateTags(['Project', 'ProjectMedia'])),
};

export function useProjectUpdate() {
  return useSignedUpdate(projectUpdate, PROJECT_DEVICE);
}
