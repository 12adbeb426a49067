import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../contract/api/define';
import type { contacts as contactsCall, groups as groupsCall } from '../../../contract/api/email';
import { contactProblems, type ContactInput, type ContactProblems } from '../../../contract/rules/email';
import { failureOf } from '../../../contract/failure';
import {
  useAddEmailContactMutation,
  useDeleteEmailContactMutation,
  useEmailContactsQuery,
  useEmailGroupsQuery,
  useExportEmailContactsMutation,
  useImportEmailContactsMutation,
  useUpdateEmailContactMutation,
} from '../../../store/api/email-endpoints';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/notice-actions';
import { FileButton } from '../../components/FileButton';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { ResponsiveTable, type ListColumn } from '../../components/ResponsiveTable';
import { errorMessage, errorText } from '../../i18n/error-text';
import { ConfirmDelete } from './ConfirmDelete';
import { EMAIL_NS, problemText, shownProblem } from './messages';

type Contact = ResponseOf<typeof contactsCall>['contacts'][number];
type Group = ResponseOf<typeof groupsCall>['groups'][number];

const CONTACT_TABLE_WIDTH = 640;

/** The text of a refused save: the field the device named with the rule's words, else the failure's. */
function failureText(t: ReturnType<typeof useTranslation>['t'], error: unknown): string {
  const f = failureOf(error);
  if (f.error_code === 'validation_failure' && f.field && f.problem) {
    const field = f.field.replace(/^rows\.(\d+)\./, '');
    const row = /^rows\.(\d+)\./.exec(f.field)?.[1];
    const label = t(`contacts.${field}`, { defaultValue: field });
    const text = `${label}: ${problemText(t, f.problem, field)}`;
    return row ? t('contacts.import_row', { row, text }) : text;
  }
  return errorText(t, error);
}

/** A contact added or changed: name, address and its groups; the rule's message under a field as
 * it is typed; a refused save keeps every edit and says why. */
function ContactDialog({ contact, contacts, groups, onClose }: { contact: Contact | null; contacts: readonly Contact[]; groups: readonly Group[]; onClose(): void }) {
  const { t } = useTranslation(EMAIL_NS);
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [draft, setDraft] = useState<ContactInput>(contact ? { name: contact.name, address: contact.address, groups: contact.groups } : { name: '', address: '', groups: [] });
  const [attempted, setAttempted] = useState(false);
  const [add, adding] = useAddEmailContactMutation();
  const [update, updating] = useUpdateEmailContactMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const busy = adding.isLoading || updating.isLoading;
  const problems: ContactProblems = contactProblems(draft, {
    otherAddresses: contacts.filter((c) => c.id !== contact?.id).map((c) => c.address.toLowerCase()),
    groupIds: groups.map((g) => g.id),
  });
  const shown = (k: keyof ContactProblems) => shownProblem(problems[k], attempted);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (Object.keys(problems).length > 0 || busy) return;
    setFailure(null);
    const body = { name: draft.name.trim(), address: draft.address.trim(), groups: draft.groups };
    try {
      if (contact) await update({ id: contact.id, contact: body }).unwrap();
      else await add(body).unwrap();
      onClose();
    } catch (error) {
      setFailure(failureText(t, error));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{contact ? t('contacts.edit_title', { name: contact.name }) : t('contacts.add_title')}</DialogTitle>
        <DialogContent>
          {failure ? (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="contact-failed">
              {failure}
            </Alert>
          ) : null}
          <TextField
            fullWidth
            margin="dense"
            label={t('contacts.name')}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            error={Boolean(shown('name'))}
            helperText={problemText(t, shown('name'), 'name') ?? ' '}
            disabled={busy}
            required
            slotProps={{ htmlInput: { 'data-testid': 'contact-name', autoComplete: 'off' } }}
          />
          <TextField
            fullWidth
            margin="dense"
            label={t('contacts.address')}
            value={draft.address}
            onChange={(e) => setDraft({ ...draft, address: e.target.value })}
            error={Boolean(shown('address'))}
            helperText={problemText(t, shown('address'), 'address') ?? ' '}
            disabled={busy}
            required
            slotProps={{ htmlInput: { 'data-testid': 'contact-address', inputMode: 'email', autoComplete: 'off', spellCheck: false } }}
          />
          <FormLabel component="legend" sx={{ mt: 1 }}>
            {t('contacts.groups')}
          </FormLabel>
          {groups.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('contacts.no_groups')}
            </Typography>
          ) : (
            <FormGroup>
              {groups.map((g) => (
                <FormControlLabel
                  key={g.id}
                  sx={{ minHeight: 44 }}
                  label={g.name}
                  control={
                    <Checkbox
                      checked={draft.groups.includes(g.id)}
                      disabled={busy}
                      onChange={(e) => setDraft({ ...draft, groups: e.target.checked ? [...draft.groups, g.id] : draft.groups.filter((x) => x !== g.id) })}
                    />
                  }
                />
              ))}
            </FormGroup>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy} sx={{ minHeight: 44 }}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy} sx={{ minHeight: 44 }} data-testid="contact-save">
            {t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The contacts: a table (cards on a tablet) with Edit and Delete, Add, and the CSV export and import. */
export function ContactsSection() {
  const { t } = useTranslation(EMAIL_NS);
  const titleId = useId();
  const dispatch = useAppDispatch();
  const contactsQuery = useEmailContactsQuery();
  const groupsQuery = useEmailGroupsQuery();
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [deleteContact, deletion] = useDeleteEmailContactMutation();
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const [exportContacts, exporting] = useExportEmailContactsMutation();
  const [importContacts, importing] = useImportEmailContactsMutation();
  const [importFailure, setImportFailure] = useState<string | null>(null);

  const contacts = contactsQuery.data?.contacts;
  const groups = groupsQuery.data?.groups;
  const nameOf = new Map((groups ?? []).map((g) => [g.id, g.name]));

  if ((contactsQuery.isError && !contacts) || (groupsQuery.isError && !groups)) {
    return <LoadFailed message={t('contacts.load_failed')} error={contactsQuery.error ?? groupsQuery.error} onRetry={() => void (contactsQuery.refetch(), groupsQuery.refetch())} />;
  }
  if (!contacts || !groups) return <Loading label={t('contacts.loading')} />;

  const columns: ListColumn<Contact>[] = [
    { key: 'name', header: t('contacts.name'), rowHeader: true, card: 'title', sx: { fontWeight: 600 }, cell: (c) => c.name },
    { key: 'address', header: t('contacts.address'), cell: (c) => c.address },
    {
      key: 'groups',
      header: t('contacts.groups'),
      cell: (c) =>
        c.groups.length === 0 ? (
          '—'
        ) : (
          <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
            {c.groups.map((g) => (
              <Chip key={g} size="small" variant="outlined" label={nameOf.get(g) ?? g} />
            ))}
          </Box>
        ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      headerHidden: true,
      card: 'actions',
      align: 'right',
      cell: (c) => (
        <Box sx={{ display: 'inline-flex', gap: 1 }}>
          <Button variant="outlined" sx={{ minHeight: 44 }} onClick={() => setEditing(c)} aria-label={t('contacts.edit_named', { name: c.name })}>
            {t('common.edit')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            sx={{ minHeight: 44 }}
            onClick={() => {
              setDeleteFailure(null);
              setDeleting(c);
            }}
            aria-label={t('contacts.delete_named', { name: c.name })}
          >
            {t('common.delete')}
          </Button>
        </Box>
      ),
    },
  ];

  const onImport = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setImportFailure(null);
    const result = await importContacts(file);
    if ('error' in result) setImportFailure(failureText(t, result.error));
    else dispatch(noticeShown({ key: 'email:contacts.imported', values: { ...result.data }, severity: 'success' }));
  };
  const onExport = async () => {
    const result = await exportContacts();
    if ('error' in result) dispatch(noticeShown({ ...errorMessage(result.error, { fallback: 'email:contacts.export_failed' }), severity: 'error' }));
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('contacts.title')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Button variant="contained" sx={{ minHeight: 44 }} onClick={() => setEditing('new')} data-testid="contact-add">
            {t('contacts.add')}
          </Button>
          <Button variant="outlined" sx={{ minHeight: 44 }} onClick={() => void onExport()} loading={exporting.isLoading}>
            {t('contacts.export')}
          </Button>
          <FileButton variant="outlined" label={t('contacts.import')} accept=".csv,text/csv" onFiles={(f) => void onImport(f)} disabled={importing.isLoading} testId="contacts-import" />
        </Box>
        {importFailure ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="import-failed">
            {importFailure}
          </Alert>
        ) : null}
        {contacts.length === 0 ? (
          <Typography variant="body2">{t('contacts.empty')}</Typography>
        ) : (
          <ResponsiveTable rows={contacts} rowKey={(c) => c.id} rowTestId={(c) => `contact-${c.id}`} columns={columns} tableMinWidth={CONTACT_TABLE_WIDTH} labelledBy={titleId} />
        )}
      </CardContent>
      {editing ? <ContactDialog contact={editing === 'new' ? null : editing} contacts={contacts} groups={groups} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <ConfirmDelete
          title={t('contacts.delete_title')}
          text={t('contacts.delete_text', { name: deleting.name, address: deleting.address })}
          busy={deletion.isLoading}
          error={deleteFailure}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            void deleteContact(deleting.id)
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
