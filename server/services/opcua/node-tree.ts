/**
 * The running project's OPC UA address space as the console's tree editor shows it.
 */
import type { OpcuaNode } from '../../../contract/api/opcua';
import type { OpcuaFolderDef, Project } from '../../../contract/project-format';
import { LOCAL_HMI } from '../../../contract/rules/opcua';

/** The OPC UA address space of the project as the editor's tree; ids are temporary per answer. */
/** The OPC UA tree as the editor shows it. Ids are stable: `f:<path>` for a folder, `t:<tag
 * name>` for a tag, so a saved tree tells which tag a renamed node was. */
export function opcuaNodeTree(project: Project): OpcuaNode[] {
  const tags = new Map(project.tags.map((t) => [t.name, t]));
  const folder = (def: OpcuaFolderDef, pathName: string, isRoot: boolean): OpcuaNode => {
    const tagNodes: OpcuaNode[] = def.tags.flatMap((name) => {
      const t = tags.get(name);
      if (!t) return [];
      return [
        {
          id: `t:${t.name}`,
          name: t.name,
          kind: 'tag' as const,
          tag: {
            tag_name: t.name,
            folder_name: def.name,
            type: t.plc === LOCAL_HMI ? ('internal' as const) : ('external' as const),
            plc: t.plc,
            address: t.address,
            format: t.format,
            index_register: t.index_register,
            data_type: t.data_type,
            length: t.length,
            access: { readable: t.access.read, writable: t.access.write },
          },
        },
      ];
    });
    return {
      id: `f:${pathName}`,
      name: def.name,
      kind: 'folder',
      ...(isRoot ? { is_root: true } : {}),
      ...(def.tags.length > 0 ? { is_tags_folder: true } : {}),
      children: [...def.folders.map((f) => folder(f, `${pathName}/${f.name}`, false)), ...tagNodes],
    };
  };
  const root = project.opcua.root;
  return [folder(root, `/${root.name}`, true)];
}
