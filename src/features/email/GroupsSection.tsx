import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../contract/api/define';
import type { groups as groupsCall } from '../../../contract/api/email';
import { groupProblems } from '../../../contract/rules/email';
import { failureOf } from '../../../contract/failure';
import { useAddEmailGroupMutation, useDeleteEmailGroupMutation, useEmailGroupsQuery, useUpdateEmailGroupMutation } from '../../../store/api/email-endpoints';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { ResponsiveTable, type ListColumn } from '../../components/ResponsiveTable';
import { errorText } from '../../i18n/error-text';
import { numberFormat } from '../../i18n/numbers';
import { ConfirmDelete } from './ConfirmDelete';
import { EMAIL_NS, problemText, shownProblem } from './messages';

type Group = ResponseOf<typeof groupsCall>['groups'][number];

const GROUP_TABLE_WIDTH = 480;

/** A group added or renamed; a refused save keeps the name typed and says why. */
function GroupDialog({ group, groups, onClose }: { group: Group | null; groups: readonly Group[]; onClose(): void }) {
  const { t } = useTranslation(EMAIL_NS);
  const titleId = useId();
  const [name, setName] = useState(group?.name ?? '');
  const [attempted, setAttempted] = useState(false);
  const [add, adding] = useAddEmailGroupMutation();
  const [update, updating] = useUpdateEmailGroupMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const busy = adding.isLoading || updating.isLoading;
  const problem = groupProblems({ name }, { otherNames: groups.filter((g) => g.id !== group?.id).map((g) => g.name.toLowerCase()) }).name;
  const shown = shownProblem(problem, attempted);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (problem || busy) return;
    setFailure(null);
    try {
      if (group) await update({ id: group.id, group: { name: name.trim() } }).unwrap();
      else await add({ name: name.trim() }).unwrap();
      onClose();
    } catch (error) {
      const f = failureOf(error);
      setFailure(f.error_code === 'validation_failure' && f.problem ? `${t('groups.name')}: ${problemText(t, f.problem)}` : errorText(t, error));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{group ? t('groups.edit_title', { name: group.name }) : t('groups.add_title')}</DialogTitle>
        <DialogContent>
          {failure ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          ) : null}
          <TextField
            fullWidth
            margin="dense"
            label={t('groups.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(shown)}
            helperText={problemText(t, shown) ?? ' '}
            disabled={busy}
            required
            slotProps={{ htmlInput: { 'data-testid': 'group-name', autoComplete: 'off' } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy} sx={{ minHeight: 44 }}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy} sx={{ minHeight: 44 }} data-testid="group-save">
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The groups an alarm of the project names: each with how many contacts it has. */
export function GroupsSection() {
  const { t, i18n } = useTranslation(EMAIL_NS);
  const n = numberFormat(i18n.language);
  const titleId = useId();
  const query = useEmailGroupsQuery();
  const [editing, setEditing] = useState<Group | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const [deleteGroup, deletion] = useDeleteEmailGroupMutation();
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const groups = query.data?.groups;
  if (query.isError && !groups) return <LoadFailed message={t('groups.load_failed')} error={query.error} onRetry={() => void query.refetch()} />;
  if (!groups) return <Loading label={t('groups.loading')} />;

  const columns: ListColumn<Group>[] = [
    { key: 'name', header: t('groups.name'), rowHeader: true, card: 'title', sx: { fontWeight: 600 }, cell: (g) => g.name },
    { key: 'contacts', header: t('groups.contacts'), cell: (g) => n.format(g.contacts) },
    {
      key: 'actions',
      header: t('common.actions'),
      headerHidden: true,
      card: 'actions',
      align: 'right',
      cell: (g) => (
        <Box sx={{ display: 'inline-flex', gap: 1 }}>
          <Button variant="outlined" sx={{ minHeight: 44 }} onClick={() => setEditing(g)} aria-label={t('groups.edit_named', { name: g.name })}>
            {t('common.edit')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            sx={{ minHeight: 44 }}
            onClick={() => {
              setDeleteFailure(null);
              setDeleting(g);
            }}
            aria-label={t('groups.delete_named', { name: g.name })}
          >
            {t('common.delete')}
          </Button>
        </Box>
      ),
    },
  ];

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 0.5 }}>
          {t('groups.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('groups.intro')}
        </Typography>
        <Button variant="contained" sx={{ minHeight: 44, mb: 2 }} onClick={() => setEditing('new')} data-testid="group-add">
          {t('groups.add')}
        </Button>
        {groups.length === 0 ? (
          <Typography variant="body2">{t('groups.empty')}</Typography>
        ) : (
          <ResponsiveTable rows={groups} rowKey={(g) => g.id} rowTestId={(g) => `group-${g.id}`} columns={columns} tableMinWidth={GROUP_TABLE_WIDTH} labelledBy={titleId} />
        )}
      </CardContent>
      {editing ? <GroupDialog group={editing === 'new' ? null : editing} groups={groups} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <ConfirmDelete
          title={t('groups.delete_title')}
          text={t('groups.delete_text', { name: deleting.name, contacts: n.format(deleting.contacts) })}
          busy={deletion.isLoading}
          error={deleteFailure}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            void deleteGroup(deleting.id)
              .unwrap()
              .then(
                () => setDeleting(null),
                (error: unknown) => setDeleteFailure(errorText(t, error)),
              )
          }
        />
      ) : null}
    </Card>
  );
}
