/**
 * OPC UA, Tags tab (§3, §4, §5, §8): the node tree and a node's information; add tag, add group,
 * rename group and remove change a local tree until Save; every rule's message on the field and
 * the node, Save off while one is broken; the driver address table helping with addresses;
 * "Reading of nodes failed" with Reload; a failed save that keeps the edits; the question before
 * leaving with unsaved edits.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { opcuaPanel, renderOpcua, helperOf, notice, API, PAGE } from './support';
import type { OpcuaNode } from '../../../contract/api/opcua';

const tree = () => within(screen.getByRole('tree', { name: 'OPC UA nodes' }));
const node = (name: string) => tree().getByRole('treeitem', { name });
const details = () => within(screen.getByRole('region', { name: /^(Tag|Group) |^Node information$/ }));
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const field = (name: string) => details().getByRole('textbox', { name });

async function openTags(options: Parameters<typeof opcuaPanel>[0] = {}, account = 'admin') {
  const panel = opcuaPanel(options);
  const rendered = renderOpcua({ url: `${PAGE}?tab=tags`, account });
  await screen.findByRole('tree', { name: 'OPC UA nodes' });
  return { ...panel, ...rendered };
}

async function retype(user: Awaited<ReturnType<typeof openTags>>['user'], input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

/** Every id of a tree, depth first. */
function ids(nodes: readonly OpcuaNode[]): string[] {
  return nodes.flatMap((n) => [n.id, ...ids(n.children ?? [])]);
}

describe('OPC UA tags: the tree and a node', () => {
  test('shows the folders and tags; a tag chosen shows all it is, its OPC UA type and its NodeId', async () => {
    const { user } = await openTags();
    expect(node('Sample Bottling Line')).toHaveAttribute('aria-expanded', 'true');
    expect(node('Tanks')).toHaveAttribute('aria-level', '2');
    expect(node('Tank1_Level')).toHaveAttribute('aria-level', '3');
    expect(screen.getByText('Choose a node in the tree to see its information.')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await user.click(within(node('Tank1_Setpoint')).getByText('Tank1_Setpoint'));
    expect(node('Tank1_Setpoint')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Tag Tank1_Setpoint' })).toBeInTheDocument();
    expect(field('Tag name')).toHaveValue('Tank1_Setpoint');
    expect(details().getByRole('combobox', { name: 'PLC' })).toHaveTextContent('PLC1');
    expect(field('Address')).toHaveValue('4x-102');
    expect(field('Format')).toHaveValue('DDDDD');
    expect(details().getByRole('combobox', { name: 'Index register' })).toHaveTextContent('None');
    expect(details().getByRole('combobox', { name: 'Data type' })).toHaveTextContent('16-bit unsigned (UInt16)');
    expect(field('Length')).toHaveValue('1');
    expect(details().getByRole('checkbox', { name: 'Readable' })).toBeChecked();
    expect(details().getByRole('checkbox', { name: 'Writable' })).toBeChecked();
    expect(details().getByText('Folder').nextSibling).toHaveTextContent('Tanks');
    expect(details().getByText('Type', { selector: 'dt' }).nextSibling).toHaveTextContent('External');
    expect(screen.getByTestId('opcua-node-id')).toHaveTextContent('ns=1;s=Tank1_Setpoint');
    expect(details().getByText('OPC UA data type').nextSibling).toHaveTextContent('UInt16');
    // The driver address table of its PLC.
    const table = within(details().getByRole('table', { name: 'Address types of PLC1' }));
    expect(table.getAllByRole('row').map((r) => r.textContent)).toEqual(['TypeHoldsRangeExample', '0xBits1 to 655350x-1', '4xWords1 to 655354x-1']);

    await user.click(within(node('Pumps')).getByText('Pumps'));
    expect(screen.getByRole('heading', { name: 'Group Pumps' })).toBeInTheDocument();
    expect(details().getByText('Tags inside').nextSibling).toHaveTextContent('1');
  });

  test('the tree is used with the keyboard: arrows move and open, the choice follows', async () => {
    const { user } = await openTags();
    node('Sample Bottling Line').focus();
    await user.keyboard('{ArrowDown}');
    expect(node('Tanks')).toHaveFocus();
    expect(node('Tanks')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(node('Tanks')).toHaveAttribute('aria-expanded', 'false');
    expect(tree().queryByRole('treeitem', { name: 'Tank1_Level' })).not.toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{ArrowRight}');
    expect(node('Tank1_Level')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(node('Tanks')).toHaveFocus();
    await user.keyboard('{End}');
    expect(node('Pump1_Running')).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Tag Pump1_Running' })).toBeInTheDocument();
    await user.keyboard('{Home}');
    expect(node('Sample Bottling Line')).toHaveFocus();
  });
});

describe('OPC UA tags: edits and Save', () => {
  test('add a tag, name it, use an address of the table, save: the new node is sent as new:1, the others keep their ids', async () => {
    const { user, state } = await openTags();
    await user.click(within(node('Pumps')).getByText('Pumps'));
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(node('NewTag')).toHaveAttribute('aria-selected', 'true');
    expect(field('Tag name')).toHaveFocus();
    expect(screen.getByTestId('opcua-unsaved')).toHaveTextContent('Unsaved changes');
    expect(screen.getByRole('tab', { name: 'Tags (unsaved)' })).toBeInTheDocument();
    await user.keyboard('Pump1_Speed');
    expect(node('Pump1_Speed')).toBeInTheDocument();
    // A new tag starts on the panel's own memory.
    expect(details().getByRole('combobox', { name: 'PLC' })).toHaveTextContent('Local HMI');
    expect(field('Address')).toHaveValue('LW-0');
    await user.click(details().getByRole('combobox', { name: 'PLC' }));
    await user.click(screen.getByRole('option', { name: 'PLC1' }));
    expect(helperOf(field('Address'))).toHaveTextContent('Not an address of PLC1 for a 16-bit signed value');
    await user.click(details().getByRole('button', { name: 'Use the address 4x-1' }));
    expect(field('Address')).toHaveValue('4x-1');
    await user.click(details().getByRole('checkbox', { name: 'Writable' }));

    await user.click(saveButton());
    expect(await notice('OPC UA tags saved')).toBeInTheDocument();
    const [sent] = state.savedTrees;
    expect(sent).toHaveLength(1);
    expect(ids(sent!)).toEqual(['f:1', 'f:2', 't:3', 't:4', 'f:5', 't:6', 'new:1']);
    const pumps = sent![0]!.children![1]!;
    expect(pumps.children![1]).toEqual({
      id: 'new:1',
      name: 'Pump1_Speed',
      kind: 'tag',
      tag: {
        tag_name: 'Pump1_Speed',
        folder_name: 'Pumps',
        type: 'external',
        plc: 'PLC1',
        address: '4x-1',
        format: '',
        index_register: null,
        data_type: 'int16',
        length: 1,
        access: { readable: true, writable: true },
      },
    });
    // What the device answered is shown, the new tag still chosen under its device id.
    await waitFor(() => expect(screen.queryByTestId('opcua-unsaved')).not.toBeInTheDocument());
    expect(node('Pump1_Speed')).toHaveAttribute('aria-selected', 'true');
    expect(saveButton()).toBeDisabled();
  });

  test('renaming a tag keeps its id; renaming a group changes its tags\u2019 folder; removing a tag; Discard brings the device\u2019s tree back', async () => {
    const { user, state } = await openTags();
    await user.click(within(node('Tank1_Level')).getByText('Tank1_Level'));
    await retype(user, field('Tag name'), 'Tank1_Fill');
    expect(node('Tank1_Fill')).toBeInTheDocument();

    await user.click(within(node('Tanks')).getByText('Tanks'));
    await user.click(screen.getByRole('button', { name: 'Rename group' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Rename the group Tanks' }));
    await retype(user, dialog.getByRole('textbox', { name: 'Group name' }), 'Pumps');
    expect(dialog.getByText('Another group here has this name')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Rename' })).toBeDisabled();
    await retype(user, dialog.getByRole('textbox', { name: 'Group name' }), 'Vessels');
    await user.click(dialog.getByRole('button', { name: 'Rename' }));
    expect(node('Vessels')).toBeInTheDocument();

    await user.click(within(node('Pump1_Running')).getByText('Pump1_Running'));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(tree().queryByRole('treeitem', { name: 'Pump1_Running' })).not.toBeInTheDocument();
    expect(node('Pumps')).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(node('Tanks')).toBeInTheDocument();
    expect(node('Pump1_Running')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await user.click(within(node('Tank1_Level')).getByText('Tank1_Level'));
    await retype(user, field('Tag name'), 'Tank1_Fill');
    await user.click(within(node('Tanks')).getByText('Tanks'));
    await user.click(screen.getByRole('button', { name: 'Rename group' }));
    dialog = within(screen.getByRole('dialog', { name: 'Rename the group Tanks' }));
    await retype(user, dialog.getByRole('textbox', { name: 'Group name' }), 'Vessels');
    await user.click(dialog.getByRole('button', { name: 'Rename' }));
    await user.click(saveButton());
    await notice('OPC UA tags saved');
    const vessels = state.savedTrees[0]![0]!.children![0]!;
    expect(vessels).toMatchObject({ id: 'f:2', name: 'Vessels' });
    expect(vessels.children!.map((c) => [c.id, c.name, c.tag!.folder_name])).toEqual([
      ['t:3', 'Tank1_Fill', 'Vessels'],
      ['t:4', 'Tank1_Setpoint', 'Vessels'],
    ]);
  });

  test('add a group, and remove a group with tags after saying how many go with it', async () => {
    const { user, state } = await openTags();
    await user.click(within(node('Sample Bottling Line')).getByText('Sample Bottling Line'));
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a group to Sample Bottling Line' }));
    expect(dialog.getByRole('button', { name: 'Add' })).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: 'Group name' }), 'Line/2');
    expect(dialog.getByText('No slash, backslash, control character, or space at either end')).toBeInTheDocument();
    await retype(user, dialog.getByRole('textbox', { name: 'Group name' }), 'Line 2');
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    expect(node('Line 2')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Remove' })).toBeEnabled();

    await user.click(within(node('Tanks')).getByText('Tanks'));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Remove the group Tanks?' }));
    expect(confirm.getByText('It holds 2 tags, which are removed with it when you save.')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(node('Tanks')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Remove the group Tanks?' })).getByRole('button', { name: 'Remove' }));
    expect(tree().queryByRole('treeitem', { name: 'Tanks' })).not.toBeInTheDocument();

    // The root cannot go.
    await user.click(within(node('Sample Bottling Line')).getByText('Sample Bottling Line'));
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Rename group' })).toBeEnabled();

    await user.click(saveButton());
    await notice('OPC UA tags saved');
    expect(state.savedTrees[0]![0]!.children!.map((c) => [c.id, c.name])).toEqual([
      ['f:5', 'Pumps'],
      ['new:1', 'Line 2'],
    ]);
  });
});

describe('OPC UA tags: the rules of §5', () => {
  test('a duplicate tag name, an address error, an index register, a length out of range, an address too long: each on its field and node, Save off', async () => {
    const { user, fake } = await openTags();
    await user.click(within(node('Tank1_Setpoint')).getByText('Tank1_Setpoint'));

    await retype(user, field('Tag name'), 'Tank1_Level');
    expect(helperOf(field('Tag name'))).toHaveTextContent('Another tag has this name: tag names must be unique');
    expect(field('Tag name')).toHaveAttribute('aria-invalid', 'true');
    // Both tags of that name are marked in the tree.
    expect(tree().getAllByRole('treeitem', { name: 'Tank1_Level' }).map((n) => n.getAttribute('aria-invalid'))).toEqual(['true', 'true']);
    expect(tree().getAllByRole('treeitem', { name: 'Tank1_Level' })[0]).toHaveAccessibleDescription('Has a problem to fix');
    expect(screen.getByText('2 nodes have problems: fix them before saving.')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await retype(user, field('Tag name'), 'Tank1_Target');
    expect(helperOf(field('Tag name'))).not.toHaveTextContent('Another tag');

    await retype(user, field('Address'), '4x-70000');
    expect(helperOf(field('Address'))).toHaveTextContent('Not an address of PLC1 for a 16-bit unsigned value: see its address types below');
    await retype(user, field('Address'), '4x-100000000000000');
    expect(helperOf(field('Address'))).toHaveTextContent('An address has at most 16 characters');
    await retype(user, field('Address'), '4x-102');

    await retype(user, field('Length'), '0');
    expect(helperOf(field('Length'))).toHaveTextContent('Enter a length from 1 to 255');
    await retype(user, field('Length'), '256');
    expect(helperOf(field('Length'))).toHaveTextContent('Enter a length from 1 to 255');
    await retype(user, field('Length'), '');
    expect(helperOf(field('Length'))).toHaveTextContent('Enter a length from 1 to 255');
    expect(screen.getByText('1 node has a problem: fix it before saving.')).toBeInTheDocument();
    await retype(user, field('Length'), '2');
    expect(helperOf(field('Length'))).toHaveTextContent('1 to 255 (characters of a string, elements of an array)');

    await user.click(details().getByRole('combobox', { name: 'Index register' }));
    await user.click(screen.getByRole('option', { name: 'Index 31' }));
    expect(details().getByRole('combobox', { name: 'Index register' })).toHaveTextContent('Index 31');

    expect(screen.queryByText(/have problems|has a problem/)).not.toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
    expect(fake.sent('PUT', `${API}/node-tree`)).toHaveLength(0);
  });

  test('a tag the device sent with a wrong index register, a word tag on a bit address: marked, and Show leads to the first', async () => {
    const base = opcuaPanel().state.tree;
    const tanks = base[0]!.children![0]!;
    tanks.children![0] = { ...tanks.children![0]!, tag: { ...tanks.children![0]!.tag!, index_register: 40 } };
    const { user } = await openTags({ tree: base });
    expect(node('Tank1_Level')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(node('Tank1_Setpoint')).getByText('Tank1_Setpoint'));
    await retype(user, field('Address'), '0x-10');
    expect(helperOf(field('Address'))).toHaveTextContent('Not an address of PLC1 for a 16-bit unsigned value');
    // A bit tag may name a bit of a word.
    await user.click(within(node('Pump1_Running')).getByText('Pump1_Running'));
    await retype(user, field('Address'), '4x-10.3');
    expect(helperOf(field('Address'))).not.toHaveTextContent('Not an address');
    await retype(user, field('Address'), '4x-10.16');
    expect(helperOf(field('Address'))).toHaveTextContent('Not an address of PLC1 for a Bit value');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(node('Tank1_Level')).toHaveAttribute('aria-selected', 'true');
    expect(helperOf(details().getByRole('combobox', { name: 'Index register' }))).toHaveTextContent('Index registers go from 0 to 31');
  });
});

describe('OPC UA tags: failures', () => {
  test('Reading of nodes failed, with Reload', async () => {
    let fail = true;
    const panel = opcuaPanel({
      override: {
        [`GET ${API}/node-tree`]: () => (fail ? { status: 500, body: { message: 'boom', error_code: 'internal_error' } } : { body: panel.state.tree }),
      },
    });
    const { user } = renderOpcua({ url: `${PAGE}?tab=tags` });
    expect(await screen.findByText('Reading of nodes failed')).toBeInTheDocument();
    expect(screen.getByText('The panel could not read the OPC UA nodes of the running project.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('tree', { name: 'OPC UA nodes' })).toBeInTheDocument();
  });

  test('a lost connection while reading says so', async () => {
    opcuaPanel({
      override: {
        [`GET ${API}/node-tree`]: () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    renderOpcua({ url: `${PAGE}?tab=tags` });
    expect(await screen.findByText('Reading of nodes failed')).toBeInTheDocument();
  });

  test('a save the device refuses keeps every edit and says so', async () => {
    const { user } = await openTags({
      override: { [`PUT ${API}/node-tree`]: () => ({ status: 400, body: { message: 'tag_name_duplicate', error_code: 'validation_failure', field: 'nodes.0', problem: 'tag_name_duplicate' } }) },
    });
    await user.click(within(node('Tank1_Level')).getByText('Tank1_Level'));
    await retype(user, field('Tag name'), 'Tank1_Volume');
    await user.click(saveButton());
    expect(await notice('The panel refused a value: check the fields and try again')).toBeInTheDocument();
    expect(field('Tag name')).toHaveValue('Tank1_Volume');
    expect(screen.getByTestId('opcua-unsaved')).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
  });

  test('a save that fails otherwise: the tags could not be saved', async () => {
    const { user } = await openTags({ override: { [`PUT ${API}/node-tree`]: () => ({ status: 500, body: { message: 'x', error_code: 'internal_error' } }) } });
    await user.click(within(node('Tank1_Level')).getByText('Tank1_Level'));
    await retype(user, field('Tag name'), 'Tank1_Volume');
    await user.click(saveButton());
    expect(await notice('The OPC UA tags could not be saved.')).toBeInTheDocument();
  });

  test('the driver table not read: says the runtime may be missing, Save stays off', async () => {
    const { user } = await openTags({ override: { [`GET ${API}/driver-table`]: () => ({ status: 503, body: { message: 'x', error_code: 'runtime_unavailable' } }) } });
    expect(await screen.findByText(/The device list could not be loaded: the runtime may be missing/)).toBeInTheDocument();
    await user.click(within(node('Tank1_Level')).getByText('Tank1_Level'));
    await retype(user, field('Tag name'), 'Tank1_Volume');
    expect(saveButton()).toBeDisabled();
  });
});

describe('OPC UA tags: leaving with unsaved edits', () => {
  test('asks before leaving the page; Cancel stays with the edits, Leave goes; another tab keeps them without asking', async () => {
    const { user, router } = await openTags();
    await user.click(within(node('Tank1_Level')).getByText('Tank1_Level'));
    await retype(user, field('Tag name'), 'Tank1_Volume');

    // Another tab of the page: no question, the edits stay.
    await user.click(screen.getByRole('tab', { name: 'Server' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Tags (unsaved)' }));
    expect(node('Tank1_Volume')).toBeInTheDocument();

    // The browser's own question on a reload or a closed tab.
    const unload = new Event('beforeunload', { cancelable: true });
    act(() => {
      window.dispatchEvent(unload);
    });
    expect(unload.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leave without saving?' }));
    expect(dialog.getByText('The OPC UA tags have changes that are not saved. If you leave this page, they are lost.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(PAGE);
    expect(node('Tank1_Volume')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave and discard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  test('without edits, leaving asks nothing', async () => {
    const { user } = await openTags();
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});

describe('OPC UA tags: an account granted the menu', () => {
  test('reads the tags without editing them, and sees no server or certificates', async () => {
    const { fake } = await openTags({}, 'update');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Node actions' })).not.toBeInTheDocument();
    fireEvent.click(within(node('Tank1_Level')).getByText('Tank1_Level'));
    expect(field('Tag name')).toBeDisabled();
    expect(fake.requests.filter((r) => !r.path.endsWith('/node-tree') && !r.path.endsWith('/driver-table'))).toEqual([]);
  });
});
