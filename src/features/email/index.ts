import { defineArea } from '../area';

/** Project / E-mail: the SMTP settings and a test mail, the contacts and groups alarm mails go to,
 * and the outbox of those mails (specification §3 E-mail). */
export const emailArea = defineArea({
  name: 'email',
  textNamespace: 'email',
  screens: [
    {
      menu: 'email',
      slug: 'email',
      reads: ['email.getSmtp', 'email.outbox'],
      load: () => import(/* webpackChunkName: "project-email" */ './EmailPage'),
    },
  ],
});
