import { useState, type ReactNode } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/app-slice';
import { useAddWebviewUserMutation, useRemoveWebviewUserMutation, useUpdateWebviewUserMutation } from '../../../store/api/webview-endpoints';
import { WEBVIEW_ROLES, type WebviewRole } from '../../../contract/api/webview.routes';
import { PASSWORD_MIN_LENGTH } from '../../../contract/rules/password-strength';
import { errorText } from '../../i18n/error-text';
import { userFormProblems, WEBVIEW_NS, type UserFormProblem } from './settings-form';
import { FormDialog, type FormDialogProps } from '../../components/FormDialog';

const TOUCH = { minHeight: 44 } as const;
const DIALOG_TEXTS = { fallback: 'webview:dialog.failed' } as const;

interface PasswordFields {
  password: string;
  confirm: string;
  adminPassword: string;
}

function DialogFrame(props: Omit<FormDialogProps, 'cancelLabel'>) {
  const { t } = useTranslation(WEBVIEW_NS);
  return <FormDialog {...props} cancelLabel={t('dialog.cancel')} />;
}

/** The new password twice and the administrator's own password, each saying what is wrong once
 * a submit was tried. */
function PasswordInputs({ value, onChange, problems, attempted }: {
  value: PasswordFields;
  onChange: (patch: Partial<PasswordFields>) => void;
  problems: Partial<Record<keyof PasswordFields, UserFormProblem>>;
  attempted: boolean;
}) {
  const { t } = useTranslation(WEBVIEW_NS);
  const message = (field: keyof PasswordFields) => (attempted && problems[field] ? t(`problem.${problems[field]}`, { min: PASSWORD_MIN_LENGTH }) : undefined);
  return (
    <>
      <TextField
        type="password"
        label={t('dialog.password')}
        value={value.password}
        onChange={(e) => onChange({ password: e.target.value })}
        autoComplete="new-password"
        error={Boolean(message('password'))}
        helperText={message('password') ?? ' '}
        required
      />
      <TextField
        type="password"
        label={t('dialog.confirm')}
        value={value.confirm}
        onChange={(e) => onChange({ confirm: e.target.value })}
        autoComplete="new-password"
        error={Boolean(message('confirm'))}
        helperText={message('confirm') ?? ' '}
        required
      />
      <TextField
        type="password"
        label={t('dialog.admin_password')}
        value={value.adminPassword}
        onChange={(e) => onChange({ adminPassword: e.target.value })}
        autoComplete="current-password"
        error={Boolean(message('adminPassword'))}
        helperText={message('adminPassword') ?? t('dialog.admin_password_hint')}
        required
      />
    </>
  );
}

const EMPTY: PasswordFields = { password: '', confirm: '', adminPassword: '' };

export function AddUserDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(WEBVIEW_NS);
  const dispatch = useAppDispatch();
  const [add, state] = useAddWebviewUserMutation();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<WebviewRole>('view_only');
  const [fields, setFields] = useState<PasswordFields>(EMPTY);
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problems = userFormProblems({ username, ...fields });

  const submit = async () => {
    setAttempted(true);
    if (Object.keys(problems).length > 0) return;
    setError(null);
    try {
      const name = username.trim();
      await add({ username: name, role, password: fields.password, admin_password: fields.adminPassword }).unwrap();
      dispatch(noticeShown({ key: 'webview:dialog.added', values: { name }, severity: 'success' }));
      onClose();
    } catch (e) {
      setError(errorText(t, e, DIALOG_TEXTS));
    }
  };

  return (
    <DialogFrame title={t('dialog.add_title')} submitLabel={t('dialog.add')} busy={state.isLoading} error={error} onSubmit={() => void submit()} onClose={onClose}>
      <TextField
        label={t('users.username')}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        autoComplete="off"
        error={attempted && Boolean(problems.username)}
        helperText={attempted && problems.username ? t(`problem.${problems.username}`) : ' '}
        required
        autoFocus
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
      />
      <TextField select label={t('users.role')} value={role} onChange={(e) => setRole(e.target.value as WebviewRole)}>
        {WEBVIEW_ROLES.map((r) => (
          <MenuItem key={r} value={r} sx={TOUCH}>
            {t(`role.${r}`)}
          </MenuItem>
        ))}
      </TextField>
      <PasswordInputs value={fields} onChange={(p) => setFields((f) => ({ ...f, ...p }))} problems={problems} attempted={attempted} />
    </DialogFrame>
  );
}

export function ResetPasswordDialog({ user, onClose }: { user: string; onClose: () => void }) {
  const { t } = useTranslation(WEBVIEW_NS);
  const dispatch = useAppDispatch();
  const [update, state] = useUpdateWebviewUserMutation();
  const [fields, setFields] = useState<PasswordFields>(EMPTY);
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problems = userFormProblems(fields);

  const submit = async () => {
    setAttempted(true);
    if (Object.keys(problems).length > 0) return;
    setError(null);
    try {
      await update({ username: user, change: { password: fields.password, admin_password: fields.adminPassword } }).unwrap();
      dispatch(noticeShown({ key: 'webview:dialog.reset_done', values: { name: user }, severity: 'success' }));
      onClose();
    } catch (e) {
      setError(errorText(t, e, DIALOG_TEXTS));
    }
  };

  return (
    <DialogFrame title={t('dialog.reset_title', { name: user })} submitLabel={t('dialog.save')} busy={state.isLoading} error={error} onSubmit={() => void submit()} onClose={onClose}>
      <PasswordInputs value={fields} onChange={(p) => setFields((f) => ({ ...f, ...p }))} problems={problems} attempted={attempted} />
    </DialogFrame>
  );
}

export function RemoveUserDialog({ user, onClose }: { user: string; onClose: () => void }) {
  const { t } = useTranslation(WEBVIEW_NS);
  const dispatch = useAppDispatch();
  const [remove, state] = useRemoveWebviewUserMutation();
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    try {
      await remove(user).unwrap();
      dispatch(noticeShown({ key: 'webview:dialog.removed', values: { name: user }, severity: 'success' }));
      onClose();
    } catch (e) {
      setError(errorText(t, e, DIALOG_TEXTS));
    }
  };

  return (
    <DialogFrame title={t('dialog.remove_title', { name: user })} submitLabel={t('dialog.remove')} busy={state.isLoading} error={error} onSubmit={() => void submit()} onClose={onClose} danger>
      <DialogContentText>{t('dialog.remove_text', { name: user })}</DialogContentText>
    </DialogFrame>
  );
}
