import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { NODE_NAME_MAX, nameProblem } from '../../../contract/rules/opcua';
import { OPCUA_NS, problemText } from './messages';

/** A question before an action: its title names what it does, the confirm button says it again. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirm,
  danger = false,
  busy = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirm: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" color={danger ? 'error' : 'primary'} onClick={onConfirm} loading={busy}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The name of a group (folder) to add or rename: the rules' message as it is typed, a name its
 * sibling groups already have refused. */
export function GroupNameDialog({
  open,
  title,
  initial,
  taken,
  confirm,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initial: string;
  /** The names of the other groups beside it. */
  taken: readonly string[];
  confirm: string;
  onSubmit(name: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation(OPCUA_NS);
  const [name, setName] = useState(initial);
  const titleId = useId();
  const problem = nameProblem(name) ?? (taken.includes(name) ? 'folder_name_duplicate' : null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!problem) onSubmit(name);
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('tags.group_name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={problem !== null && name !== ''}
            helperText={(name !== '' ? problemText(t, problem) : undefined) ?? ' '}
            slotProps={{ htmlInput: { maxLength: NODE_NAME_MAX, autoComplete: 'off' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel', { ns: 'translation' })}</Button>
          <Button type="submit" variant="contained" disabled={problem !== null}>
            {confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
