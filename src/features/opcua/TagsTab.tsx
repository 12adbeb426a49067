import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LOCAL_HMI } from '../../../contract/rules/opcua';
import type { OpcuaNode } from '../../../contract/api/opcua';
import { Loading } from '../../components/Loading';
import { loadFailedText } from '../../components/LoadFailed';
import { ConfirmDialog, GroupNameDialog } from './dialogs';
import { AddIcon, DeleteIcon } from './icons';
import { EditIcon } from '../../components/icons';
import { FolderDetails, TagDetails } from './NodeDetails';
import { NodeTree } from './NodeTree';
import { OPCUA_NS } from './messages';
import { addFolder, addTag, countTags, findNode, findParent, newTag, nextNewId, removeNode, renameFolder, tagNames, uniqueName, updateTag, type OpcuaTag } from './tree-edit';
import type { TagsDraft } from './use-tags-draft';

/** The name a new tag starts with (then `NewTag_2`, …): a valid, unique NodeId at once. */
const NEW_TAG_NAME = 'NewTag';

type Dialog = { kind: 'add_group'; parentId: string } | { kind: 'rename'; id: string } | { kind: 'remove'; id: string } | null;

/** The folder that receives a new node: the chosen folder, the chosen tag's folder, else the root. */
function targetFolder(roots: readonly OpcuaNode[], selectedId: string | null): OpcuaNode | null {
  const selected = selectedId ? findNode(roots, selectedId) : null;
  if (selected?.kind === 'folder') return selected;
  if (selected) return findParent(roots, selected.id);
  return roots[0] ?? null;
}

/** Tags (§3, §4): the node tree and the chosen node's information; add tag, add group, rename
 * group, remove node change a local tree; Save sends it, and stays off while a rule of §5 is
 * broken somewhere in it. */
export function TagsTab({ draft, readOnly }: { draft: TagsDraft; readOnly: boolean }) {
  const { t } = useTranslation(OPCUA_NS);
  const titleId = useId();
  const detailsId = useId();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [focusName, setFocusName] = useState<string | null>(null);
  const { roots, treeQuery, driversQuery, drivers, problems, selectedId } = draft;

  // A new tag's name field takes the focus, to name it at once.
  useEffect(() => {
    if (!focusName) return;
    const input = document.getElementById(`opcua-tag-name-${focusName}`);
    if (input) {
      (input as HTMLInputElement).focus();
      (input as HTMLInputElement).select();
      setFocusName(null);
    }
  });

  const reload = () => {
    void treeQuery.refetch();
    if (driversQuery.isError) void driversQuery.refetch();
  };

  if (!roots) {
    return (
      <Card variant="outlined" component="section" aria-label={t('tabs.tags')}>
        <CardContent>
          {treeQuery.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" onClick={reload}>
                  {t('tags.reload')}
                </Button>
              }
            >
              <AlertTitle>{t('tags.read_failed')}</AlertTitle>
              {loadFailedText(t, treeQuery.error, t('tags.read_failed_hint'))}
            </Alert>
          ) : (
            <Loading label={t('tags.loading')} />
          )}
        </CardContent>
      </Card>
    );
  }

  const selected = selectedId ? findNode(roots, selectedId) : null;
  const target = targetFolder(roots, selectedId);
  const isRoot = selected ? roots.some((r) => r.id === selected.id) : false;

  const addNewTag = () => {
    if (!target) return;
    const id = nextNewId(roots);
    const plc = drivers.some((d) => d.device === LOCAL_HMI) ? LOCAL_HMI : (drivers[0]?.device ?? LOCAL_HMI);
    draft.edit((r) => addTag(r, target.id, { id, tag: newTag(uniqueName(NEW_TAG_NAME, tagNames(r)), plc, drivers) }));
    draft.select(id);
    setFocusName(id);
  };
  const siblingsOf = (parentId: string | null, except?: string) =>
    (parentId ? (findNode(roots, parentId)?.children ?? []) : roots).filter((n) => n.kind === 'folder' && n.id !== except).map((n) => n.name);

  const dialogNode = dialog && dialog.kind !== 'add_group' ? findNode(roots, dialog.id) : null;
  const problemCount = problems.size;

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
            {t('tags.title')}
          </Typography>
          {draft.dirty ? <Chip color="warning" size="small" label={t('tags.unsaved')} data-testid="opcua-unsaved" /> : null}
          {!readOnly ? (
            <>
              <Button disabled={!draft.dirty || draft.saving} onClick={draft.discard}>
                {t('tags.discard')}
              </Button>
              <Button variant="contained" disabled={!draft.dirty || problemCount > 0 || !driversQuery.data} loading={draft.saving} onClick={() => void draft.save()}>
                {t('tags.save')}
              </Button>
            </>
          ) : null}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {readOnly ? t('tags.read_only') : t('tags.intro')}
        </Typography>
        <Stack spacing={1.5} sx={{ mb: 1.5 }}>
          {treeQuery.isError ? (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" onClick={reload}>
                  {t('tags.reload')}
                </Button>
              }
            >
              {t('tags.read_failed_stale')}
            </Alert>
          ) : null}
          {driversQuery.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" onClick={() => void driversQuery.refetch()}>
                  {t('tags.reload')}
                </Button>
              }
            >
              {t('tags.drivers_failed')}
            </Alert>
          ) : null}
          {problemCount > 0 && !readOnly ? (
            <Alert
              severity="error"
              role="alert"
              action={
                draft.firstProblem ? (
                  <Button color="inherit" onClick={() => draft.select(draft.firstProblem!)}>
                    {t('tags.show_problem')}
                  </Button>
                ) : undefined
              }
            >
              {t('tags.problems', { count: problemCount })}
            </Alert>
          ) : null}
        </Stack>
        {roots.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('tags.empty')}
          </Typography>
        ) : (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 5 }}>
              {!readOnly ? (
                <Box role="toolbar" aria-label={t('tags.actions')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 1 }}>
                  <Button size="small" startIcon={<AddIcon />} onClick={addNewTag} disabled={!target}>
                    {t('tags.add_tag')}
                  </Button>
                  <Button size="small" startIcon={<AddIcon />} onClick={() => target && setDialog({ kind: 'add_group', parentId: target.id })} disabled={!target}>
                    {t('tags.add_group')}
                  </Button>
                  <Button size="small" startIcon={<EditIcon />} onClick={() => selected && setDialog({ kind: 'rename', id: selected.id })} disabled={selected?.kind !== 'folder'}>
                    {t('tags.rename_group')}
                  </Button>
                  <Button
                    size="small"
                    startIcon={<DeleteIcon />}
                    disabled={!selected || isRoot}
                    onClick={() => {
                      if (!selected) return;
                      if (selected.kind === 'folder' && (selected.children?.length ?? 0) > 0) setDialog({ kind: 'remove', id: selected.id });
                      else {
                        const parent = findParent(roots, selected.id);
                        draft.edit((r) => removeNode(r, selected.id));
                        draft.select(parent?.id ?? null);
                      }
                    }}
                  >
                    {t('tags.remove')}
                  </Button>
                </Box>
              ) : null}
              <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5, maxHeight: { xs: 320, md: 600 }, overflow: 'auto' }}>
                <NodeTree roots={roots} selectedId={selectedId} onSelect={draft.select} problems={problems} label={t('tags.tree')} />
              </Box>
            </Grid>
            <Grid size={{ xs: 12, md: 7 }}>
              <Box component="section" aria-labelledby={detailsId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 } }}>
                <Typography id={detailsId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5, wordBreak: 'break-all' }}>
                  {!selected ? t('tags.details') : selected.kind === 'tag' ? t('tags.tag_heading', { name: selected.name }) : t('tags.group_heading', { name: selected.name })}
                </Typography>
                {!selected ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('tags.choose')}
                  </Typography>
                ) : selected.kind === 'tag' && selected.tag ? (
                  <TagDetails
                    key={selected.id}
                    node={selected as OpcuaNode & { tag: OpcuaTag }}
                    problems={problems.get(selected.id)}
                    drivers={drivers}
                    readOnly={readOnly}
                    onChange={(patch) => draft.edit((r) => updateTag(r, selected.id, patch))}
                  />
                ) : (
                  <FolderDetails node={selected} problems={problems.get(selected.id)} />
                )}
              </Box>
            </Grid>
          </Grid>
        )}
      </CardContent>
      {dialog?.kind === 'add_group' ? (
        <GroupNameDialog
          open
          title={t('tags.add_group_title', { parent: findNode(roots, dialog.parentId)?.name ?? '' })}
          initial=""
          taken={siblingsOf(dialog.parentId)}
          confirm={t('tags.add')}
          onClose={() => setDialog(null)}
          onSubmit={(name) => {
            const id = nextNewId(roots);
            draft.edit((r) => addFolder(r, dialog.parentId, { id, name }));
            draft.select(id);
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'rename' && dialogNode ? (
        <GroupNameDialog
          open
          title={t('tags.rename_title', { name: dialogNode.name })}
          initial={dialogNode.name}
          taken={siblingsOf(findParent(roots, dialogNode.id)?.id ?? null, dialogNode.id)}
          confirm={t('tags.rename')}
          onClose={() => setDialog(null)}
          onSubmit={(name) => {
            draft.edit((r) => renameFolder(r, dialogNode.id, name));
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'remove' && dialogNode ? (
        <ConfirmDialog
          open
          danger
          title={t('tags.remove_title', { name: dialogNode.name })}
          confirm={t('tags.remove')}
          onClose={() => setDialog(null)}
          onConfirm={() => {
            const parent = findParent(roots, dialogNode.id);
            draft.edit((r) => removeNode(r, dialogNode.id));
            draft.select(parent?.id ?? null);
            setDialog(null);
          }}
        >
          {t('tags.remove_text', { count: countTags(dialogNode) })}
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
