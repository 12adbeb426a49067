import { defineArea } from '../area';

export const accountArea = defineArea({
  name: 'account',
  screens: [
    { menu: 'system_password', slug: 'password', load: () => import(/* webpackChunkName: "account-password" */ './PasswordPage') },
    { menu: 'security', slug: 'security', load: () => import(/* webpackChunkName: "account-security" */ './SecurityPage') },
  ],
});
