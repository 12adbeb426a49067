import { cgi } from '../../contract/api';
import { registerCall } from '../http/register-call';
import { defineServerArea } from '../http/area';

export const cgiArea = defineServerArea({
  name: 'cgi',
  register(app, device) {
    registerCall(app, device, cgi.resetProject, () => ({
      resetsele: 28 as const,
      secs: device.settings.get('secs_license') ? ('true' as const) : ('false' as const),
    }));
  },
});
