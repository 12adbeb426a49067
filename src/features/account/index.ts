import { defineArea } from '../area';

export const accountArea = defineArea({
  name: 'account',
  screens: [
    { menu: 'system_password', slug: 'password', reads: ['system.getStrengthRules'], load: () => import(/* webpackChunkName: "account-password" */ './PasswordPage') },
    { menu: 'security', slug: 'security', reads: ['system.getHttp', 'system.getStrengthRules', 'system.getExpiration'], load: () => import(/* webpackChunkName: "account-security" */ './SecurityPage') },
  ],
});
