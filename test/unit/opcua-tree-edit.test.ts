/**
 * The OPC UA editor's pure tree edits (src/features/opcua/tree-edit.ts): find, add a group, add a
 * tag, rename a group, remove a node, change a tag; ids kept for existing nodes and `new:<n>` for
 * new ones; nodes off the edited path shared, the tree given never changed.
 */
import type { OpcuaNode } from '../../contract/api/opcua';
import { treeProblems, type DriverEntry } from '../../contract/rules/opcua';
import {
  addFolder,
  addTag,
  countTags,
  findNode,
  findParent,
  firstAddress,
  newTag,
  nextNewId,
  pathTo,
  removeNode,
  renameFolder,
  tagNames,
  uniqueName,
  updateTag,
  walk,
  type OpcuaTag,
} from '../../src/features/opcua/tree-edit';

const DRIVERS: DriverEntry[] = [
  { device: 'Local HMI', address_types: [{ name: 'LB', kind: 'bit', min: 0, max: 12095 }, { name: 'LW', kind: 'word', min: 0, max: 10999 }] },
  { device: 'PLC1', address_types: [{ name: '0x', kind: 'bit', min: 1, max: 65535 }, { name: '4x', kind: 'word', min: 1, max: 65535 }] },
  { device: 'WordsOnly', address_types: [{ name: 'D', kind: 'word', min: 100, max: 200 }] },
  { device: 'BitsOnly', address_types: [{ name: 'M', kind: 'bit', min: 0, max: 99 }] },
];

function tag(name: string, folder: string, extra: Partial<OpcuaTag> = {}): OpcuaTag {
  return {
    tag_name: name,
    folder_name: folder,
    type: 'external',
    plc: 'PLC1',
    address: '4x-100',
    format: 'DDDDD',
    index_register: null,
    data_type: 'uint16',
    length: 1,
    access: { readable: true, writable: false },
    ...extra,
  };
}

function tree(): OpcuaNode[] {
  return [
    {
      id: 'f:1',
      name: 'Sample Bottling Line',
      kind: 'folder',
      is_root: true,
      children: [
        {
          id: 'f:2',
          name: 'Tanks',
          kind: 'folder',
          is_tags_folder: true,
          children: [
            { id: 't:3', name: 'Tank1_Level', kind: 'tag', tag: tag('Tank1_Level', 'Tanks') },
            { id: 't:4', name: 'Tank1_Setpoint', kind: 'tag', tag: tag('Tank1_Setpoint', 'Tanks', { address: '4x-102' }) },
          ],
        },
        {
          id: 'f:5',
          name: 'Pumps',
          kind: 'folder',
          is_tags_folder: true,
          children: [
            { id: 'f:6', name: 'Inner', kind: 'folder', children: [] },
            { id: 't:7', name: 'Pump1_Running', kind: 'tag', tag: tag('Pump1_Running', 'Pumps', { address: '0x-10', data_type: 'bit' }) },
          ],
        },
      ],
    },
  ];
}

describe('finding', () => {
  const roots = tree();
  test('findNode finds folders and tags anywhere, null for an unknown id', () => {
    expect(findNode(roots, 'f:1')?.name).toBe('Sample Bottling Line');
    expect(findNode(roots, 't:7')?.name).toBe('Pump1_Running');
    expect(findNode(roots, 'f:6')?.kind).toBe('folder');
    expect(findNode(roots, 'nope')).toBeNull();
  });

  test('findParent names the holding folder; null for the root and unknown ids', () => {
    expect(findParent(roots, 't:3')?.id).toBe('f:2');
    expect(findParent(roots, 'f:6')?.id).toBe('f:5');
    expect(findParent(roots, 'f:2')?.id).toBe('f:1');
    expect(findParent(roots, 'f:1')).toBeNull();
    expect(findParent(roots, 'nope')).toBeNull();
  });

  test('pathTo lists the folders from the root down to the node', () => {
    expect(pathTo(roots, 't:7').map((n) => n.id)).toEqual(['f:1', 'f:5', 't:7']);
    expect(pathTo(roots, 'f:1').map((n) => n.id)).toEqual(['f:1']);
    expect(pathTo(roots, 'nope')).toEqual([]);
  });

  test('walk visits every node depth first with its parent', () => {
    const seen: string[] = [];
    walk(roots, (n, p) => seen.push(`${p?.id ?? '-'}>${n.id}`));
    expect(seen).toEqual(['->f:1', 'f:1>f:2', 'f:2>t:3', 'f:2>t:4', 'f:1>f:5', 'f:5>f:6', 'f:5>t:7']);
  });

  test('tagNames and countTags', () => {
    expect(tagNames(roots)).toEqual(['Tank1_Level', 'Tank1_Setpoint', 'Pump1_Running']);
    expect(countTags(roots[0]!)).toBe(3);
    expect(countTags(findNode(roots, 'f:6')!)).toBe(0);
    expect(countTags(findNode(roots, 't:3')!)).toBe(1);
  });
});

describe('new ids and names', () => {
  test('nextNewId counts on from the largest new:<n> of the tree', () => {
    const roots = tree();
    expect(nextNewId(roots)).toBe('new:1');
    const more = addFolder(addFolder(roots, 'f:1', { id: 'new:1', name: 'A' }), 'f:1', { id: 'new:7', name: 'B' });
    expect(nextNewId(more)).toBe('new:8');
    // A device id that happens to look numeric does not count.
    expect(nextNewId([{ id: 'f:99', name: 'x', kind: 'folder', children: [{ id: 'new:x', name: 'y', kind: 'folder' }] }])).toBe('new:1');
  });

  test('uniqueName adds _2, _3… until the name is free', () => {
    expect(uniqueName('Tag', [])).toBe('Tag');
    expect(uniqueName('Tag', ['Tag'])).toBe('Tag_2');
    expect(uniqueName('Tag', ['Tag', 'Tag_2', 'Tag_3'])).toBe('Tag_4');
  });

  test('newTag: internal on Local HMI, external elsewhere, at the first word address, readable int16 of length 1', () => {
    expect(newTag('Tag', 'Local HMI', DRIVERS)).toEqual({
      tag_name: 'Tag',
      folder_name: '',
      type: 'internal',
      plc: 'Local HMI',
      address: 'LW-0',
      format: '',
      index_register: null,
      data_type: 'int16',
      length: 1,
      access: { readable: true, writable: false },
    });
    expect(newTag('Tag', 'PLC1', DRIVERS)).toMatchObject({ type: 'external', address: '4x-1' });
    expect(newTag('Tag', 'Unknown', DRIVERS).address).toBe('');
  });

  test('firstAddress suits the data type: a bit type for a bit (or bit 0 of a word), a word type otherwise', () => {
    const [local, plc, words, bits] = DRIVERS;
    expect(firstAddress(local, 'bit')).toBe('LB-0');
    expect(firstAddress(plc, 'float')).toBe('4x-1');
    expect(firstAddress(words, 'bit')).toBe('D-100.0');
    expect(firstAddress(bits, 'uint16')).toBe('');
    expect(firstAddress(undefined, 'int16')).toBe('');
    // Each default is one the rules accept.
    for (const driver of DRIVERS) {
      for (const dataType of ['bit', 'int16'] as const) {
        const address = firstAddress(driver, dataType);
        if (address === '') continue;
        const roots: OpcuaNode[] = [{ id: 'r', name: 'R', kind: 'folder', children: [{ id: 't', name: 'T', kind: 'tag', tag: { ...newTag('T', driver.device, DRIVERS), address, data_type: dataType } }] }];
        expect({ driver: driver.device, dataType, problems: [...treeProblems(roots, DRIVERS)] }).toEqual({ driver: driver.device, dataType, problems: [] });
      }
    }
  });
});

describe('adding', () => {
  test('addFolder puts the group after the other groups, before the tags; the given tree stays', () => {
    const roots = tree();
    const before = JSON.stringify(roots);
    const next = addFolder(roots, 'f:5', { id: 'new:1', name: 'Motors' });
    expect(findNode(next, 'f:5')!.children!.map((c) => c.id)).toEqual(['f:6', 'new:1', 't:7']);
    expect(findNode(next, 'new:1')).toEqual({ id: 'new:1', name: 'Motors', kind: 'folder', children: [] });
    expect(JSON.stringify(roots)).toBe(before);
    // Nodes off the path are shared.
    expect(findNode(next, 'f:2')).toBe(findNode(roots, 'f:2'));
    // In an empty folder, and in a folder of tags only.
    expect(findNode(addFolder(roots, 'f:6', { id: 'new:2', name: 'X' }), 'f:6')!.children!.map((c) => c.id)).toEqual(['new:2']);
    expect(findNode(addFolder(roots, 'f:2', { id: 'new:3', name: 'X' }), 'f:2')!.children!.map((c) => c.id)).toEqual(['new:3', 't:3', 't:4']);
  });

  test('addTag appends the tag with the folder name, marking the folder a tags folder', () => {
    const roots = tree();
    const next = addTag(roots, 'f:6', { id: 'new:1', tag: newTag('Motor_Speed', 'PLC1', DRIVERS) });
    const folder = findNode(next, 'f:6')!;
    expect(folder.is_tags_folder).toBe(true);
    expect(folder.children).toEqual([{ id: 'new:1', name: 'Motor_Speed', kind: 'tag', tag: { ...newTag('Motor_Speed', 'PLC1', DRIVERS), folder_name: 'Inner' } }]);
    expect(findNode(roots, 'f:6')!.children).toEqual([]);
  });

  test('adding under a tag or an unknown id changes nothing', () => {
    const roots = tree();
    expect(addTag(roots, 't:3', { id: 'new:1', tag: newTag('X', 'PLC1', DRIVERS) })).toBe(roots);
    expect(addFolder(roots, 't:3', { id: 'new:1', name: 'X' })).toBe(roots);
    expect(addFolder(roots, 'nope', { id: 'new:1', name: 'X' })).toBe(roots);
  });
});

describe('renaming a group', () => {
  test('renames the folder, keeps its id, and the tags in it take the new folder name', () => {
    const roots = tree();
    const next = renameFolder(roots, 'f:2', 'Vessels');
    const folder = findNode(next, 'f:2')!;
    expect(folder.name).toBe('Vessels');
    expect(folder.children!.map((c) => [c.id, c.tag!.folder_name])).toEqual([
      ['t:3', 'Vessels'],
      ['t:4', 'Vessels'],
    ]);
    expect(findNode(roots, 'f:2')!.name).toBe('Tanks');
    // Tags of folders below keep theirs.
    const outer = renameFolder(roots, 'f:1', 'Line 2');
    expect(findNode(outer, 't:3')!.tag!.folder_name).toBe('Tanks');
    expect(findNode(outer, 'f:1')).toMatchObject({ name: 'Line 2', is_root: true });
  });

  test('a tag or an unknown id is not renamed; an empty folder without children stays so', () => {
    const roots = tree();
    expect(renameFolder(roots, 't:3', 'X')).toBe(roots);
    expect(renameFolder(roots, 'nope', 'X')).toBe(roots);
    const bare: OpcuaNode[] = [{ id: 'r', name: 'R', kind: 'folder' }];
    expect(renameFolder(bare, 'r', 'S')).toEqual([{ id: 'r', name: 'S', kind: 'folder' }]);
  });
});

describe('removing', () => {
  test('removes a tag, or a folder with everything in it', () => {
    const roots = tree();
    expect(tagNames(removeNode(roots, 't:3'))).toEqual(['Tank1_Setpoint', 'Pump1_Running']);
    const without = removeNode(roots, 'f:5');
    expect(findNode(without, 'f:5')).toBeNull();
    expect(findNode(without, 't:7')).toBeNull();
    expect(findNode(without, 'f:6')).toBeNull();
    expect(tagNames(roots)).toHaveLength(3);
  });

  test('the root and unknown ids stay', () => {
    const roots = tree();
    expect(removeNode(roots, 'f:1')).toBe(roots);
    expect(removeNode(roots, 'nope')).toBe(roots);
  });
});

describe('changing a tag', () => {
  test('the node name follows the tag name; the id stays', () => {
    const roots = tree();
    const next = updateTag(roots, 't:3', { tag_name: 'Tank1_Fill' });
    expect(findNode(next, 't:3')).toMatchObject({ id: 't:3', name: 'Tank1_Fill', tag: { tag_name: 'Tank1_Fill', folder_name: 'Tanks' } });
    expect(findNode(roots, 't:3')!.name).toBe('Tank1_Level');
  });

  test('the type follows the PLC', () => {
    const roots = tree();
    const local = updateTag(roots, 't:3', { plc: 'Local HMI', address: 'LW-5' });
    expect(findNode(local, 't:3')!.tag).toMatchObject({ plc: 'Local HMI', type: 'internal', address: 'LW-5' });
    expect(findNode(updateTag(local, 't:3', { plc: 'PLC1' }), 't:3')!.tag!.type).toBe('external');
  });

  test('every other field is set as given', () => {
    const roots = tree();
    const next = updateTag(roots, 't:4', { format: 'DDD.DD', index_register: 3, data_type: 'float', length: 2, access: { readable: true, writable: true } });
    expect(findNode(next, 't:4')!.tag).toEqual({ ...tag('Tank1_Setpoint', 'Tanks', { address: '4x-102' }), format: 'DDD.DD', index_register: 3, data_type: 'float', length: 2, access: { readable: true, writable: true } });
  });

  test('a folder or an unknown id changes nothing', () => {
    const roots = tree();
    expect(updateTag(roots, 'f:2', { tag_name: 'X' })).toBe(roots);
    expect(updateTag(roots, 'nope', { tag_name: 'X' })).toBe(roots);
  });

  test('the rules see the edits: a duplicate name is a problem on both tags until one changes', () => {
    const roots = updateTag(tree(), 't:4', { tag_name: 'Tank1_Level' });
    const problems = treeProblems(roots, DRIVERS);
    expect(problems.get('t:3')?.tag?.tag_name).toBe('tag_name_duplicate');
    expect(problems.get('t:4')?.tag?.tag_name).toBe('tag_name_duplicate');
    expect(treeProblems(updateTag(roots, 't:4', { tag_name: 'Tank1_Other' }), DRIVERS).size).toBe(0);
  });
});
