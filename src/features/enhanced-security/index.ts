import { defineArea } from '../area';

/** Project / Enhanced Security: the running project's operator accounts (docs/decisions.md#enhanced-security),
 * one screen in a chunk of its own. */
export const enhancedSecurityArea = defineArea({
  name: 'enhancedSecurity',
  textNamespace: 'security',
  screens: [
    {
      menu: 'enhanced_security',
      slug: 'enhanced-security',
      reads: ['security.accounts'],
      load: () => import(/* webpackChunkName: "project-enhanced-security" */ './EnhancedSecurityPage'),
    },
  ],
});
