import { z } from 'zod';
import { defineCall } from './define';
import { CGI_ROUTES } from './cgi.routes';

export const resetProject = defineCall({
  ...CGI_ROUTES.resetProject,
  tag: 'cgi',
  summary: 'Device licence query (resetsele=28 only): includes the SECS/GEM licence flag',
  access: { kind: 'authenticated' },
  query: z.object({ resetsele: z.literal('28') }),
  response: z.object({ resetsele: z.literal(28), secs: z.enum(['true', 'false']) }),
  whilePasswordExpired: 'allowed',
});
