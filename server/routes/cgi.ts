import * as cgi from '../../contract/api/cgi';
import { registerCall } from '../http/register-call';
import { defineServerArea, setting } from '../http/area';
import { z } from 'zod';

export const cgiArea = defineServerArea({
  name: 'cgi',
  /** Whether the panel holds a SECS/GEM licence (the reset call reports it). */
  settings: { secs_license: setting(z.boolean(), () => false) },
  register(app, device) {
    registerCall(app, device, cgi.resetProject, () => ({
      resetsele: 28 as const,
      secs: device.settings.get('secs_license') ? ('true' as const) : ('false' as const),
    }));
  },
});
