/**
 * The OPC UA editor's state (§4): the tree as the device holds it, the local tree being edited,
 * the selected node, the rules' problems of the local tree (§5) and Save. It lives with the page,
 * not the tab, so switching tabs keeps the edits; leaving the page with edits asks first.
 */
import { useCallback, useMemo, useState } from 'react';
import type { OpcuaNode, opcuaDriverTable } from '../../../contract/api/opcua';
import type { ResponseOf } from '../../../contract/api/define';
import { treeProblems, type NodeProblems } from '../../../contract/rules/opcua';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/notice-actions';
import { opcuaApi, useOpcuaDriverTableQuery, useOpcuaNodeTreeQuery, useSetOpcuaNodeTreeMutation } from '../../../store/api/opcua-endpoints';
import { sameValue } from '../../components/settings/use-settings-form';
import { errorMessage } from '../../i18n/error-text';
import { TREE_TEXTS } from './messages';
import { findNode, pathTo, walk } from './tree-edit';

const NO_PROBLEMS: ReadonlyMap<string, NodeProblems> = new Map();

/** The names from the root down to a node: how a node is found again in the tree the device
 * answers after a save, where new nodes have the device's ids. */
function namePath(roots: readonly OpcuaNode[], id: string): string[] {
  return pathTo(roots, id).map((n) => `${n.kind}:${n.name}`);
}

function byNamePath(roots: readonly OpcuaNode[], path: readonly string[]): string | null {
  let level: readonly OpcuaNode[] = roots;
  let found: OpcuaNode | null = null;
  for (const step of path) {
    found = level.find((n) => `${n.kind}:${n.name}` === step) ?? null;
    if (!found) return null;
    level = found.children ?? [];
  }
  return found?.id ?? null;
}

export interface TagsDraft {
  /** The tree shown: the edits, else what the device holds; null while it loads. */
  roots: readonly OpcuaNode[] | null;
  treeQuery: ReturnType<typeof useOpcuaNodeTreeQuery>;
  driversQuery: ReturnType<typeof useOpcuaDriverTableQuery>;
  drivers: ResponseOf<typeof opcuaDriverTable>;
  /** Problems by node id (empty until the driver table is read). */
  problems: ReadonlyMap<string, NodeProblems>;
  /** The first node with a problem, in tree order. */
  firstProblem: string | null;
  dirty: boolean;
  saving: boolean;
  selectedId: string | null;
  select(id: string | null): void;
  /** Applies one edit to the local tree. */
  edit(change: (roots: readonly OpcuaNode[]) => readonly OpcuaNode[]): void;
  discard(): void;
  /** Saves the local tree; true when the device took it. */
  save(): Promise<boolean>;
}

export function useTagsDraft(onSaved: () => void): TagsDraft {
  const dispatch = useAppDispatch();
  const treeQuery = useOpcuaNodeTreeQuery();
  const driversQuery = useOpcuaDriverTableQuery();
  const [setTree, saveState] = useSetOpcuaNodeTreeMutation();
  const [draft, setDraft] = useState<readonly OpcuaNode[] | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const stored = treeQuery.data;
  const roots = draft ?? stored ?? null;
  const drivers = useMemo<ResponseOf<typeof opcuaDriverTable>>(() => driversQuery.data ?? [], [driversQuery.data]);
  const problems = useMemo(() => (roots && driversQuery.data ? treeProblems(roots, drivers) : NO_PROBLEMS), [roots, drivers, driversQuery.data]);
  const firstProblem = useMemo(() => {
    let first: string | null = null;
    if (roots && problems.size > 0) walk(roots, (n) => void (first === null && problems.has(n.id) && (first = n.id)));
    return first;
  }, [roots, problems]);
  const dirty = draft !== null && stored !== undefined && !sameValue(draft, stored);

  const edit = useCallback(
    (change: (roots: readonly OpcuaNode[]) => readonly OpcuaNode[]) =>
      setDraft((now) => {
        const from = now ?? stored;
        return from ? change(from) : now;
      }),
    [stored],
  );

  const save = async (): Promise<boolean> => {
    const root = roots?.[0];
    if (!root || !dirty) return false;
    const path = selectedId ? namePath(roots, selectedId) : [];
    const result = await setTree({ nodes: [root] });
    if ('error' in result) {
      dispatch(noticeShown({ ...errorMessage(result.error, TREE_TEXTS), severity: 'error' }));
      return false;
    }
    await dispatch(opcuaApi.util.upsertQueryData('opcuaNodeTree', undefined, result.data));
    setDraft(null);
    if (selectedId && !findNode(result.data, selectedId)) setSelectedId(byNamePath(result.data, path));
    dispatch(noticeShown({ key: 'opcua:tags.saved', severity: 'success' }));
    onSaved();
    return true;
  };

  return {
    roots,
    treeQuery,
    driversQuery,
    drivers,
    problems,
    firstProblem,
    dirty,
    saving: saveState.isLoading,
    selectedId,
    select: setSelectedId,
    edit,
    discard: () => setDraft(null),
    save,
  };
}
