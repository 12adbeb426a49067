/**
 * The running project's OPC UA address space as the console's tree editor shows it, and back: the
 * editor's tree as the project keeps it.
 */
import type { OpcuaNode } from '../../../contract/api/opcua';
import type { OpcuaFolderDef, Project, ProjectTag } from '../../../contract/project-format';
import { LOCAL_HMI } from '../../../contract/rules/opcua';

/** What a tag is alike in the project and in the editor's tree (the access is named differently). */
function sharedFields(t: Pick<ProjectTag, 'plc' | 'address' | 'format' | 'index_register' | 'data_type' | 'length'>) {
  return { plc: t.plc, address: t.address, format: t.format, index_register: t.index_register, data_type: t.data_type, length: t.length };
}

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
            ...sharedFields(t),
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

/** The editor's tree as the project keeps it: folders naming their tags, and the tags' definitions.
 * A tag node whose id names a tag of the project (`t:<name>`) was that tag, perhaps renamed: it
 * keeps that tag's simulation. */
export function treeToEdit(root: OpcuaNode, existing: Map<string, ProjectTag>): { root: OpcuaFolderDef; tags: ProjectTag[] } {
  const tags: ProjectTag[] = [];
  const folder = (node: OpcuaNode): OpcuaFolderDef => {
    const def: OpcuaFolderDef = { name: node.name, tags: [], folders: [] };
    for (const child of node.children ?? []) {
      if (child.kind === 'folder') def.folders.push(folder(child));
      else if (child.tag) {
        const t = child.tag;
        const was = child.id.startsWith('t:') ? existing.get(child.id.slice(2)) : undefined;
        const same = existing.get(t.tag_name);
        const simulation = (was ?? same)?.simulation;
        tags.push({
          name: t.tag_name,
          folder: node.name,
          ...sharedFields(t),
          access: { read: t.access.readable, write: t.access.writable },
          ...(simulation ? { simulation } : {}),
        });
        def.tags.push(t.tag_name);
      }
    }
    return def;
  };
  return { root: folder(root), tags };
}
