import { project } from '../../contract/api';
import { registerCall } from '../http/register-call';
import { defineServerArea } from '../http/area';
import { DEVICE_MODEL } from '../hardware/system-info';

export const projectArea = defineServerArea({
  name: 'project',
  register(app, device) {
    registerCall(app, device, project.logoName, () => ({ name: DEVICE_MODEL }));
  },
});
