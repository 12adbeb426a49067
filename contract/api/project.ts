import { z } from 'zod';
import { defineCall } from './define';
import { PROJECT_ROUTES } from './project.routes';

export const logoName = defineCall({
  ...PROJECT_ROUTES.logoName,
  tag: 'project',
  summary: 'The product model name shown in the logo area',
  access: { kind: 'authenticated' },
  response: z.object({ name: z.string() }),
});
