import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { COMMUNICATION_ROUTES as R } from '../../contract/api/communication.routes';
import type { BodyOf } from '../../contract/api/define';
import type { setDevice } from '../../contract/api/communication';

/** What the Communication screen reads and changes: the running project's communication devices. */
export const communicationApi = api.enhanceEndpoints({ addTagTypes: ['CommunicationDevices'] }).injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      communicationDevices: call.query(R.devices, { tags: ['CommunicationDevices'] }),
      setCommunicationDevice: call.mutation(R.setDevice, {
        request: ({ name, settings }: { name: string; settings: BodyOf<typeof setDevice> }) => ({ params: { name }, body: settings }),
        tags: ['CommunicationDevices'],
      }),
    };
  },
});

export const { useCommunicationDevicesQuery, useSetCommunicationDeviceMutation } = communicationApi;
