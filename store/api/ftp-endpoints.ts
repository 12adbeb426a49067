import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { FTP_ROUTES as R } from '../../contract/api/ftp.routes';

/** What the FTP screen reads and changes: the server's settings and its status (state, address,
 * live sessions). */
export const ftpApi = api.enhanceEndpoints({ addTagTypes: ['FtpSettings', 'FtpStatus'] }).injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      ftpSettings: call.query(R.getSettings, { tags: ['FtpSettings'] }),
      setFtpSettings: call.mutation(R.setSettings, { tags: ['FtpSettings', 'FtpStatus'] }),
      ftpStatus: call.query(R.status, { tags: ['FtpStatus'] }),
    };
  },
});

export const { useFtpSettingsQuery, useSetFtpSettingsMutation, useFtpStatusQuery } = ftpApi;
