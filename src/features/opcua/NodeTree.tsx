import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { OpcuaNode } from '../../../contract/api/opcua';
import type { NodeProblems } from '../../../contract/rules/opcua';
import { ErrorIcon } from '../../components/icons';
import { ChevronRightIcon, FolderIcon, FolderOpenIcon, TagIcon } from './icons';
import { OPCUA_NS } from './messages';
import { countTags, NEW_ID_PREFIX, pathTo } from './tree-edit';
import { COARSE_POINTER, TOUCH_TARGET } from '../../theme/theme';

interface Props {
  roots: readonly OpcuaNode[];
  selectedId: string | null;
  onSelect(id: string): void;
  problems: ReadonlyMap<string, NodeProblems>;
  label: string;
}

/** The folders that start open: the roots and their folders. */
function initiallyOpen(roots: readonly OpcuaNode[]): Set<string> {
  const open = new Set<string>();
  for (const root of roots) {
    open.add(root.id);
    for (const child of root.children ?? []) if (child.kind === 'folder') open.add(child.id);
  }
  return open;
}

/** Whether a folder holds a node with a problem (its own name's aside). */
function holdsProblem(node: OpcuaNode, problems: ReadonlyMap<string, NodeProblems>): boolean {
  return (node.children ?? []).some((c) => problems.has(c.id) || holdsProblem(c, problems));
}

/**
 * The node tree (WAI-ARIA tree view): folders open and close, a node is chosen by click or by
 * keyboard (↑ ↓ move, → opens or goes in, ← closes or goes up, Home / End), the choice following
 * the focus. A node with a problem of the rules says so beside its name.
 */
export function NodeTree({ roots, selectedId, onSelect, problems, label }: Props) {
  const { t } = useTranslation(OPCUA_NS);
  const [open, setOpen] = useState(() => initiallyOpen(roots));
  const tree = useRef<HTMLUListElement>(null);
  const baseId = useId();

  // The chosen node is always in view: its folders open.
  useEffect(() => {
    if (!selectedId) return;
    const folders = pathTo(roots, selectedId).slice(0, -1);
    if (folders.some((f) => !open.has(f.id))) setOpen((now) => new Set([...now, ...folders.map((f) => f.id)]));
  }, [selectedId, roots, open]);

  /** The nodes shown, in order, with their parent. */
  const visible = useMemo(() => {
    const list: Array<{ node: OpcuaNode; parent: OpcuaNode | null }> = [];
    const add = (nodes: readonly OpcuaNode[], parent: OpcuaNode | null) => {
      for (const node of nodes) {
        list.push({ node, parent });
        if (node.kind === 'folder' && open.has(node.id)) add(node.children ?? [], node);
      }
    };
    add(roots, null);
    return list;
  }, [roots, open]);

  const focusId = selectedId && visible.some((v) => v.node.id === selectedId) ? selectedId : (visible[0]?.node.id ?? null);

  const move = (id: string) => {
    onSelect(id);
    const items = tree.current?.querySelectorAll<HTMLElement>('[data-node-id]') ?? [];
    [...items].find((el) => el.dataset.nodeId === id)?.focus();
  };
  const toggle = (id: string, to?: boolean) =>
    setOpen((now) => {
      const next = new Set(now);
      if (to ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const current = (e.target as HTMLElement).closest<HTMLElement>('[data-node-id]')?.dataset.nodeId;
    const at = visible.findIndex((v) => v.node.id === current);
    if (at === -1) return;
    const { node, parent } = visible[at]!;
    const isOpen = node.kind === 'folder' && open.has(node.id);
    let handled = true;
    switch (e.key) {
      case 'ArrowDown':
        if (at + 1 < visible.length) move(visible[at + 1]!.node.id);
        break;
      case 'ArrowUp':
        if (at > 0) move(visible[at - 1]!.node.id);
        break;
      case 'ArrowRight':
        if (node.kind === 'folder' && !isOpen) toggle(node.id, true);
        else if (isOpen && node.children?.length) move(node.children[0]!.id);
        break;
      case 'ArrowLeft':
        if (isOpen) toggle(node.id, false);
        else if (parent) move(parent.id);
        break;
      case 'Home':
        move(visible[0]!.node.id);
        break;
      case 'End':
        move(visible[visible.length - 1]!.node.id);
        break;
      case 'Enter':
      case ' ':
        onSelect(node.id);
        break;
      default:
        handled = false;
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  const problemNoteId = `${baseId}-problem`;
  const item = (node: OpcuaNode, level: number) => {
    // An id may hold spaces (a tag's name): the element id must not.
    const labelId = `${baseId}-${encodeURIComponent(node.id).replace(/[^A-Za-z0-9_-]/g, '_')}`;
    const isFolder = node.kind === 'folder';
    const isOpen = isFolder && open.has(node.id);
    const selected = node.id === selectedId;
    const own = problems.has(node.id);
    const inside = isFolder && !own && holdsProblem(node, problems);
    return (
      <Box
        component="li"
        key={node.id}
        role="treeitem"
        aria-level={level}
        aria-selected={selected}
        aria-expanded={isFolder ? isOpen : undefined}
        aria-labelledby={labelId}
        aria-describedby={own || inside ? problemNoteId : undefined}
        aria-invalid={own || undefined}
        data-node-id={node.id}
        tabIndex={node.id === focusId ? 0 : -1}
        sx={{ listStyle: 'none', outline: 'none', '&:focus-visible > .node-row': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
      >
        <Box
          className="node-row"
          onClick={() => {
            onSelect(node.id);
            if (isFolder && !isOpen) toggle(node.id, true);
          }}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.75,
            minHeight: 40,
            [COARSE_POINTER]: { minHeight: TOUCH_TARGET },
            pl: 0.5 + (level - 1) * 2.25,
            pr: 1,
            cursor: 'pointer',
            borderRadius: 1,
            bgcolor: selected ? 'action.selected' : undefined,
            '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
          }}
        >
          {isFolder ? (
            <Box
              component="span"
              aria-hidden
              onClick={(e) => {
                e.stopPropagation();
                toggle(node.id);
              }}
              sx={{
                display: 'inline-flex',
                flexShrink: 0,
                width: 28,
                height: 28,
                // A finger's box to open and close the folder on a touch screen.
                [COARSE_POINTER]: { width: TOUCH_TARGET, height: TOUCH_TARGET },
                alignItems: 'center',
                justifyContent: 'center',
                transform: isOpen ? 'rotate(90deg)' : 'none',
                transition: 'transform 120ms',
              }}
            >
              <ChevronRightIcon fontSize="small" />
            </Box>
          ) : (
            <Box component="span" sx={{ width: 28, flexShrink: 0, [COARSE_POINTER]: { width: TOUCH_TARGET } }} />
          )}
          {isFolder ? (
            isOpen ? (
              <FolderOpenIcon fontSize="small" color="action" />
            ) : (
              <FolderIcon fontSize="small" color="action" />
            )
          ) : (
            <TagIcon fontSize="small" color="action" />
          )}
          <Box
            component="span"
            id={labelId}
            sx={{
              wordBreak: 'break-all',
              // Marked without colouring the text (it would not read on the chosen row's shade).
              ...(own ? { fontWeight: 600, textDecorationLine: 'underline', textDecorationStyle: 'wavy', textDecorationColor: (theme) => theme.palette.error.main } : {}),
            }}
          >
            {node.name || t('tags.unnamed')}
          </Box>
          {isFolder ? (
            <Box component="span" sx={{ color: 'text.secondary', fontSize: 13, whiteSpace: 'nowrap' }} aria-hidden>
              {t('tags.tag_count', { count: countTags(node) })}
            </Box>
          ) : null}
          {node.id.startsWith(NEW_ID_PREFIX) ? (
            <Box component="span" sx={{ color: 'info.main', fontSize: 12, fontWeight: 600, textTransform: 'uppercase' }} aria-hidden>
              {t('tags.new_marker')}
            </Box>
          ) : null}
          {own || inside ? <ErrorIcon fontSize="small" color={own ? 'error' : 'warning'} aria-hidden sx={{ ml: 'auto' }} /> : null}
        </Box>
        {isFolder && isOpen && node.children && node.children.length > 0 ? (
          <Box component="ul" role="group" sx={{ m: 0, p: 0 }}>
            {node.children.map((child) => item(child, level + 1))}
          </Box>
        ) : null}
      </Box>
    );
  };

  return (
    <>
      <Box component="ul" ref={tree} role="tree" aria-label={label} onKeyDown={onKeyDown} sx={{ m: 0, p: 0 }}>
        {roots.map((root) => item(root, 1))}
      </Box>
      <Box component="span" id={problemNoteId} sx={{ display: 'none' }}>
        {t('tags.node_has_problems')}
      </Box>
    </>
  );
}
