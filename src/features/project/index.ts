import { defineArea } from '../area';

export const projectArea = defineArea({
  name: 'project',
  textNamespace: 'project',
  screens: [
    {
      menu: 'project_management',
      slug: 'management',
      reads: ['project.info', 'project.media'],
      load: () => import(/* webpackChunkName: "project-management" */ './ProjectManagementPage'),
    },
  ],
});
