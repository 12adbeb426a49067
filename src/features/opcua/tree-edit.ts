/**
 * The OPC UA editor's edits of a node tree (specification §4: "add tag, add group, rename group,
 * remove node; edits change a local tree until the user saves"), as pure functions: each takes the
 * roots and answers new roots, sharing every node it did not change, so React sees exactly what
 * changed and the tree as the device sent it stays untouched for the Save comparison.
 *
 * Ids: a node the device sent keeps its id (`f:…`, `t:…`, or whatever the device gave), so the
 * device knows a renamed tag is the same tag; a new node gets `new:<n>` (`nextNewId`).
 */
import type { OpcuaNode } from '../../../contract/api/opcua';
import type { DataType } from '../../../contract/project-format';
import { LOCAL_HMI, type DriverEntry } from '../../../contract/rules/opcua';

export type OpcuaTag = NonNullable<OpcuaNode['tag']>;

/** The prefix of the ids the console gives new nodes. */
export const NEW_ID_PREFIX = 'new:';

/** Calls `visit` for every node, depth first, with its parent (null for a root). */
export function walk(roots: readonly OpcuaNode[], visit: (node: OpcuaNode, parent: OpcuaNode | null) => void, parent: OpcuaNode | null = null): void {
  for (const node of roots) {
    visit(node, parent);
    if (node.children) walk(node.children, visit, node);
  }
}

export function findNode(roots: readonly OpcuaNode[], id: string): OpcuaNode | null {
  let found: OpcuaNode | null = null;
  walk(roots, (node) => {
    if (found === null && node.id === id) found = node;
  });
  return found;
}

/** The folder that holds the node `id`; null for a root or an id not in the tree. */
export function findParent(roots: readonly OpcuaNode[], id: string): OpcuaNode | null {
  let found: OpcuaNode | null = null;
  walk(roots, (node, parent) => {
    if (found === null && node.id === id) found = parent;
  });
  return found;
}

/** The nodes from a root down to `id` (both included); [] when it is not in the tree. */
export function pathTo(roots: readonly OpcuaNode[], id: string): OpcuaNode[] {
  for (const node of roots) {
    if (node.id === id) return [node];
    const below = node.children ? pathTo(node.children, id) : [];
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/** The tag names of the whole tree (each is a NodeId: unique over the tree). */
export function tagNames(roots: readonly OpcuaNode[]): string[] {
  const names: string[] = [];
  walk(roots, (node) => {
    if (node.kind === 'tag' && node.tag) names.push(node.tag.tag_name);
  });
  return names;
}

/** How many tags a node holds (itself, for a tag). */
export function countTags(node: OpcuaNode): number {
  if (node.kind === 'tag') return 1;
  return (node.children ?? []).reduce((n, child) => n + countTags(child), 0);
}

/** An id for a new node: `new:<n>`, one more than any the tree holds. */
export function nextNewId(roots: readonly OpcuaNode[]): string {
  let max = 0;
  walk(roots, (node) => {
    if (node.id.startsWith(NEW_ID_PREFIX)) {
      const n = Number(node.id.slice(NEW_ID_PREFIX.length));
      if (Number.isInteger(n) && n > max) max = n;
    }
  });
  return `${NEW_ID_PREFIX}${max + 1}`;
}

/** `base`, or `base_2`, `base_3`… : the first not in `taken`. */
export function uniqueName(base: string, taken: Iterable<string>): string {
  const names = new Set(taken);
  if (!names.has(base)) return base;
  for (let n = 2; ; n++) {
    const name = `${base}_${n}`;
    if (!names.has(name)) return name;
  }
}

/** Replaces the node `id` by what `change` makes of it, copying only the nodes on its path. */
function mapNode(roots: readonly OpcuaNode[], id: string, change: (node: OpcuaNode) => OpcuaNode | null): OpcuaNode[] {
  let changed = false;
  const next: OpcuaNode[] = [];
  for (const node of roots) {
    if (node.id === id) {
      changed = true;
      const replaced = change(node);
      if (replaced) next.push(replaced);
      continue;
    }
    if (node.children) {
      const children = mapNode(node.children, id, change);
      if (children !== node.children) {
        changed = true;
        next.push({ ...node, children });
        continue;
      }
    }
    next.push(node);
  }
  return changed ? next : (roots as OpcuaNode[]);
}

/** Whether `id` is a folder of the tree (where a node may be added). */
function isFolder(roots: readonly OpcuaNode[], id: string): boolean {
  return findNode(roots, id)?.kind === 'folder';
}

/** Adds a folder (group) named `name` as the last folder of the folder `parentId` (before its
 * tags). Unchanged when `parentId` is not a folder. */
export function addFolder(roots: readonly OpcuaNode[], parentId: string, folder: { id: string; name: string }): OpcuaNode[] {
  if (!isFolder(roots, parentId)) return roots as OpcuaNode[];
  const node: OpcuaNode = { id: folder.id, name: folder.name, kind: 'folder', children: [] };
  return mapNode(roots, parentId, (parent) => {
    const children = parent.children ?? [];
    const at = children.findIndex((c) => c.kind === 'tag');
    const index = at === -1 ? children.length : at;
    return { ...parent, children: [...children.slice(0, index), node, ...children.slice(index)] };
  });
}

/** Adds a tag at the end of the folder `parentId`, its folder name the folder's, the folder then
 * marked as a tags folder. Unchanged when `parentId` is not a folder. */
export function addTag(roots: readonly OpcuaNode[], parentId: string, node: { id: string; tag: OpcuaTag }): OpcuaNode[] {
  if (!isFolder(roots, parentId)) return roots as OpcuaNode[];
  return mapNode(roots, parentId, (parent) => {
    const tag: OpcuaTag = { ...node.tag, folder_name: parent.name };
    const child: OpcuaNode = { id: node.id, name: tag.tag_name, kind: 'tag', tag };
    return { ...parent, is_tags_folder: true, children: [...(parent.children ?? []), child] };
  });
}

/** Renames the folder `id`; the tags directly in it take the new folder name. Unchanged for a
 * tag or an unknown id. */
export function renameFolder(roots: readonly OpcuaNode[], id: string, name: string): OpcuaNode[] {
  if (!isFolder(roots, id)) return roots as OpcuaNode[];
  return mapNode(roots, id, (folder) => ({
    ...folder,
    name,
    ...(folder.children
      ? { children: folder.children.map((c) => (c.kind === 'tag' && c.tag ? { ...c, tag: { ...c.tag, folder_name: name } } : c)) }
      : {}),
  }));
}

/** Removes the node `id` with everything in it. A root stays (the tree always has its root). */
export function removeNode(roots: readonly OpcuaNode[], id: string): OpcuaNode[] {
  if (roots.some((r) => r.id === id)) return roots as OpcuaNode[];
  return mapNode(roots, id, () => null);
}

/** Changes fields of the tag `id`: its node's name follows its tag name, its type (internal or
 * external) its PLC. Unchanged for a folder or an unknown id. */
export function updateTag(roots: readonly OpcuaNode[], id: string, patch: Partial<Omit<OpcuaTag, 'folder_name' | 'type'>>): OpcuaNode[] {
  const node = findNode(roots, id);
  if (!node || node.kind !== 'tag' || !node.tag) return roots as OpcuaNode[];
  return mapNode(roots, id, (n) => {
    const tag: OpcuaTag = { ...n.tag!, ...patch };
    tag.type = typeOf(tag.plc);
    return { ...n, name: tag.tag_name, tag };
  });
}

/** A tag on the panel's own memory is internal; one on a communication device external. */
export function typeOf(plc: string): OpcuaTag['type'] {
  return plc === LOCAL_HMI ? 'internal' : 'external';
}

/** The first address of a device that suits `dataType`: a bit tag on its first bit type (or bit 0
 * of its first word type), any other on its first word type, e.g. `LW-0`; '' when it has none. */
export function firstAddress(driver: DriverEntry | undefined, dataType: DataType): string {
  const types = driver?.address_types ?? [];
  const word = types.find((t) => t.kind === 'word');
  if (dataType === 'bit') {
    const bit = types.find((t) => t.kind === 'bit');
    if (bit) return `${bit.name}-${bit.min}`;
    return word ? `${word.name}-${word.min}.0` : '';
  }
  return word ? `${word.name}-${word.min}` : '';
}

/** A new tag named `name` on `plc`: a 16-bit word at the device's first word address, readable. */
export function newTag(name: string, plc: string, drivers: readonly DriverEntry[]): OpcuaTag {
  const dataType: DataType = 'int16';
  return {
    tag_name: name,
    folder_name: '',
    type: typeOf(plc),
    plc,
    address: firstAddress(
      drivers.find((d) => d.device === plc),
      dataType,
    ),
    format: '',
    index_register: null,
    data_type: dataType,
    length: 1,
    access: { readable: true, writable: false },
  };
}
