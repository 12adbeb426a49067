/**
 * The running project's communication devices as other areas read them.
 */
import type { Project } from '../../contract/project-format';

/** Each communication device of `project` with the address types it offers (the OPC UA tree
 * editor's driver table). */
export function driverTable(project: Project) {
  return project.devices.map((d) => ({
    device: d.name,
    device_type: d.device_type,
    protocol: d.protocol,
    address_types: d.address_types,
  }));
}
