import { defineArea } from '../area';

/** Features / FTP: the panel's FTP server (specification §3, §5, §9): its state, address and live
 * sessions, and its settings. */
export const ftpArea = defineArea({
  name: 'ftp',
  textNamespace: 'ftp',
  screens: [
    {
      menu: 'ftp',
      slug: 'ftp',
      reads: ['ftp.status', 'ftp.getSettings'],
      load: () => import(/* webpackChunkName: "features-ftp" */ './FtpPage'),
    },
  ],
});
