import * as meta from '../../contract/api/meta';
import { buildOpenApiDocument } from '../../contract/openapi';
import { registerCall } from '../http/register-call';
import { defineServerArea } from '../http/area';

export const metaArea = defineServerArea({
  name: 'meta',
  register(app, device) {
    let openApi: Record<string, unknown> | null = null;
    registerCall(app, device, meta.openApiDocument, () => (openApi ??= buildOpenApiDocument(device.version)));
  },
});
