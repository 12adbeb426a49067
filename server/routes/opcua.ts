import { opcua } from '../../contract/api';
import { registerCall } from '../http/register-call';
import { defineServerArea } from '../http/area';

export const opcuaArea = defineServerArea({
  name: 'opcua',
  register(app, device) {
    registerCall(app, device, opcua.opcuaNodeTree, () => device.project.opcuaNodeTree());

    registerCall(app, device, opcua.opcuaDriverTable, () => device.project.driverTable());
  },
});
