import { z } from 'zod';
import { defineCall } from './define';
import { META_ROUTES } from './meta.routes';

export const openApiDocument = defineCall({
  ...META_ROUTES.openApiDocument,
  tag: 'meta',
  summary: 'This API as an OpenAPI 3.1 document, generated from the contract',
  access: { kind: 'menu', menu: 'api' },
  response: z.record(z.string(), z.unknown()),
});
