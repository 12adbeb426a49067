import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/app-slice';
import {
  useAddSecurityAccountMutation,
  useImportSecurityAccountsMutation,
  useRemoveSecurityAccountMutation,
  useSetSecurityOpcuaMutation,
  useUpdateSecurityAccountMutation,
  type SecurityAccountRow,
  type SecurityImportAnswer,
} from '../../../store/api/security-endpoints';
import { failureOf } from '../../../contract/failure';
import { PASSWORD_MIN_LENGTH } from '../../../contract/rules/password-strength';
import {
  OPCUA_RIGHTS,
  SECURITY_ACCOUNT_NAME_MAX,
  SECURITY_CLASSES,
  accountFormProblems,
  sortedClasses,
  type AccountForm,
  type OpcuaRight,
  type SecurityClass,
  type SecurityOpcuaMapping,
} from '../../../contract/rules/security';
import { FileButton } from '../../components/FileButton';
import { errorText } from '../../i18n/error-text';
import { SECURITY_ERROR_TEXTS, SECURITY_NS, TOUCH } from './texts';
import { FormDialog, type FormDialogProps } from '../../components/FormDialog';

function DialogFrame(props: Omit<FormDialogProps, 'cancelLabel'>) {
  const { t } = useTranslation(SECURITY_NS);
  return <FormDialog {...props} cancelLabel={t('dialog.cancel')} />;
}

/** Twelve checkboxes, A to L, each a 44 px target. */
export function ClassPicker({ label, value, onChange, disabled = false }: { label: string; value: readonly SecurityClass[]; onChange: (next: SecurityClass[]) => void; disabled?: boolean }) {
  const { t } = useTranslation(SECURITY_NS);
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend">{label}</FormLabel>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(64px, 1fr))', columnGap: 1 }}>
        {SECURITY_CLASSES.map((c) => (
          <FormControlLabel
            key={c}
            sx={{ ml: 0, mr: 0, ...TOUCH, minWidth: 44 }}
            control={
              <Checkbox
                checked={value.includes(c)}
                onChange={(e) => onChange(sortedClasses(e.target.checked ? [...value, c] : value.filter((x) => x !== c)))}
                slotProps={{ input: { 'aria-label': t('classes.class_named', { name: c }) } }}
                sx={{ width: 44, height: 44 }}
              />
            }
            label={c}
          />
        ))}
      </Box>
    </FormControl>
  );
}

function AdminPasswordField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useTranslation(SECURITY_NS);
  return (
    <TextField
      type="password"
      label={t('dialog.admin_password')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="current-password"
      error={Boolean(error)}
      helperText={error ?? t('dialog.admin_password_hint')}
      required
      slotProps={{ htmlInput: { 'data-testid': 'admin-password' } }}
    />
  );
}

/** What a refusal of the device says, where it says it: under the field it is about, else below. */
function placeFailure(t: (key: string) => string, error: unknown): { field: 'account' | 'adminPassword' | 'password' | null; text: string } {
  const failure = failureOf(error);
  const text = errorText(t as never, error, SECURITY_ERROR_TEXTS);
  if (failure.error_code === 'account_exists') return { field: 'account', text };
  if (failure.error_code === 'current_password_error') return { field: 'adminPassword', text };
  if (failure.error_code === 'password_too_weak') return { field: 'password', text };
  return { field: null, text };
}

/** Adds an account (`account` absent) or changes one: its name, a new password (left empty, it
 * keeps its own) and its classes; the administrator's password confirms. What was typed stays when
 * the device refuses. */
export function AccountDialog({ account, accounts, onClose }: { account?: SecurityAccountRow; accounts: readonly SecurityAccountRow[]; onClose: () => void }) {
  const { t } = useTranslation(SECURITY_NS);
  const dispatch = useAppDispatch();
  const [add, adding] = useAddSecurityAccountMutation();
  const [update, updating] = useUpdateSecurityAccountMutation();
  const isNew = account === undefined;
  const [form, setForm] = useState<AccountForm>({ account: account?.account ?? '', password: '', confirm: '', adminPassword: '' });
  const [classes, setClasses] = useState<SecurityClass[]>(account?.classes ?? []);
  const [attempted, setAttempted] = useState(false);
  const [refusal, setRefusal] = useState<ReturnType<typeof placeFailure> | null>(null);
  const problems = accountFormProblems(form, { isNew, others: accounts, id: account?.id ?? null, minLength: PASSWORD_MIN_LENGTH });
  const change = (patch: Partial<AccountForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setRefusal(null);
  };
  const message = (field: keyof AccountForm): string | undefined => {
    if (refusal?.field === field) return refusal.text;
    const p = problems[field];
    if (!attempted || !p) return undefined;
    return p === 'account_exists' ? t('accounts.exists') : t(`problem.${p}`, { min: PASSWORD_MIN_LENGTH, max: SECURITY_ACCOUNT_NAME_MAX });
  };

  const submit = async () => {
    setAttempted(true);
    if (Object.keys(problems).length > 0) return;
    setRefusal(null);
    try {
      if (isNew) {
        await add({ account: form.account, password: form.password, classes, admin_password: form.adminPassword }).unwrap();
      } else {
        await update({
          id: account.id,
          change: {
            ...(form.account !== account.account ? { account: form.account } : {}),
            ...(form.password !== '' ? { password: form.password } : {}),
            classes,
            admin_password: form.adminPassword,
          },
        }).unwrap();
      }
      dispatch(noticeShown({ key: isNew ? 'security:dialog.added' : 'security:dialog.saved', values: { name: form.account }, severity: 'success' }));
      onClose();
    } catch (e) {
      setRefusal(placeFailure(t, e));
    }
  };

  return (
    <DialogFrame
      title={isNew ? t('dialog.add_title') : t('dialog.edit_title', { name: account.account })}
      submitLabel={isNew ? t('dialog.add') : t('dialog.save')}
      busy={adding.isLoading || updating.isLoading}
      error={refusal && refusal.field === null ? refusal.text : null}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="account-dialog"
    >
      <TextField
        label={t('accounts.account')}
        value={form.account}
        onChange={(e) => change({ account: e.target.value })}
        autoComplete="off"
        error={Boolean(message('account'))}
        helperText={message('account') ?? ' '}
        required
        autoFocus
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', 'data-testid': 'account-name' } }}
      />
      <TextField
        type="password"
        label={isNew ? t('dialog.password') : t('dialog.new_password')}
        value={form.password}
        onChange={(e) => change({ password: e.target.value })}
        autoComplete="new-password"
        error={Boolean(message('password'))}
        helperText={message('password') ?? (isNew ? ' ' : t('dialog.keep_password_hint'))}
        required={isNew}
        slotProps={{ htmlInput: { 'data-testid': 'account-password' } }}
      />
      <TextField
        type="password"
        label={t('dialog.confirm')}
        value={form.confirm}
        onChange={(e) => change({ confirm: e.target.value })}
        autoComplete="new-password"
        error={Boolean(message('confirm'))}
        helperText={message('confirm') ?? ' '}
        required={isNew}
        slotProps={{ htmlInput: { 'data-testid': 'account-confirm' } }}
      />
      <ClassPicker label={t('accounts.classes')} value={classes} onChange={setClasses} />
      <AdminPasswordField value={form.adminPassword} onChange={(adminPassword) => change({ adminPassword })} error={message('adminPassword')} />
    </DialogFrame>
  );
}

export function RemoveAccountDialog({ account, onClose }: { account: SecurityAccountRow; onClose: () => void }) {
  const { t } = useTranslation(SECURITY_NS);
  const dispatch = useAppDispatch();
  const [remove, state] = useRemoveSecurityAccountMutation();
  const [adminPassword, setAdminPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [refusal, setRefusal] = useState<ReturnType<typeof placeFailure> | null>(null);

  const submit = async () => {
    setAttempted(true);
    if (adminPassword === '') return;
    setRefusal(null);
    try {
      await remove({ id: account.id, admin_password: adminPassword }).unwrap();
      dispatch(noticeShown({ key: 'security:dialog.removed', values: { name: account.account }, severity: 'success' }));
      onClose();
    } catch (e) {
      setRefusal(placeFailure(t, e));
    }
  };
  const adminError = refusal?.field === 'adminPassword' ? refusal.text : attempted && adminPassword === '' ? t('problem.admin_password_required') : undefined;

  return (
    <DialogFrame
      title={t('dialog.remove_title', { name: account.account })}
      submitLabel={t('dialog.remove')}
      busy={state.isLoading}
      error={refusal && refusal.field !== 'adminPassword' ? refusal.text : null}
      onSubmit={() => void submit()}
      onClose={onClose}
      danger
    >
      <DialogContentText>{t('dialog.remove_text', { name: account.account })}</DialogContentText>
      <AdminPasswordField value={adminPassword} onChange={(v) => { setAdminPassword(v); setRefusal(null); }} error={adminError} />
    </DialogFrame>
  );
}

/** Chooses an exported file and sends it with the administrator's password; then says what was
 * added, updated and which rows were not imported, and why. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(SECURITY_NS);
  const [send, state] = useImportSecurityAccountsMutation();
  const [file, setFile] = useState<File | null>(null);
  const [adminPassword, setAdminPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [refusal, setRefusal] = useState<ReturnType<typeof placeFailure> | null>(null);
  const [result, setResult] = useState<SecurityImportAnswer | null>(null);

  const submit = async () => {
    if (result) {
      onClose();
      return;
    }
    setAttempted(true);
    if (!file || adminPassword === '') return;
    setRefusal(null);
    try {
      setResult(await send({ file, admin_password: adminPassword }).unwrap());
    } catch (e) {
      setRefusal(placeFailure(t, e));
    }
  };
  const adminError = refusal?.field === 'adminPassword' ? refusal.text : attempted && adminPassword === '' ? t('problem.admin_password_required') : undefined;

  return (
    <DialogFrame
      title={t('import.title')}
      submitLabel={result ? t('import.done') : t('import.import')}
      busy={state.isLoading}
      error={refusal && refusal.field !== 'adminPassword' ? refusal.text : null}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="import-dialog"
    >
      {result ? (
        <Box data-testid="import-result" sx={{ display: 'grid', gap: 1 }}>
          <Alert severity={result.rejected.length > 0 ? 'warning' : 'success'}>
            {t('import.summary', { added: result.added.length, updated: result.updated.length })}
            {result.rejected.length > 0 ? ` ${t('import.rejected', { count: result.rejected.length })}` : ''}
          </Alert>
          {result.rejected.length > 0 ? (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {result.rejected.map((r) => (
                <li key={r.row}>
                  <Typography variant="body2">{t('import.row', { row: r.row, name: r.account ?? '—', problem: t(`import.problem.${r.problem}`) })}</Typography>
                </li>
              ))}
            </Box>
          ) : null}
        </Box>
      ) : (
        <>
          <DialogContentText>{t('import.intro')}</DialogContentText>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <FileButton label={t('import.choose')} accept=".json,application/json" variant="outlined" onFiles={(files) => { setFile(files[0] ?? null); setRefusal(null); }} testId="import-file" />
            <Typography variant="body2" color={attempted && !file ? 'error' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
              {file ? file.name : attempted ? t('import.file_required') : t('import.no_file')}
            </Typography>
          </Box>
          <AdminPasswordField value={adminPassword} onChange={(v) => { setAdminPassword(v); setRefusal(null); }} error={adminError} />
        </>
      )}
    </DialogFrame>
  );
}

/** Whether the OPC UA server signs the accounts in, and which classes give browse, read, write. */
export function OpcuaDialog({ mapping, onClose }: { mapping: SecurityOpcuaMapping; onClose: () => void }) {
  const { t } = useTranslation(SECURITY_NS);
  const dispatch = useAppDispatch();
  const [save, state] = useSetSecurityOpcuaMutation();
  const [value, setValue] = useState<SecurityOpcuaMapping>(mapping);
  const [adminPassword, setAdminPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [refusal, setRefusal] = useState<ReturnType<typeof placeFailure> | null>(null);

  const submit = async () => {
    setAttempted(true);
    if (adminPassword === '') return;
    setRefusal(null);
    try {
      await save({ ...value, admin_password: adminPassword }).unwrap();
      dispatch(noticeShown({ key: 'security:opcua.saved', severity: 'success' }));
      onClose();
    } catch (e) {
      setRefusal(placeFailure(t, e));
    }
  };
  const adminError = refusal?.field === 'adminPassword' ? refusal.text : attempted && adminPassword === '' ? t('problem.admin_password_required') : undefined;
  const setRight = (right: OpcuaRight, classes: SecurityClass[]) => setValue((v) => ({ ...v, [right]: classes }));

  return (
    <DialogFrame title={t('opcua.title')} submitLabel={t('dialog.save')} busy={state.isLoading} error={refusal && refusal.field !== 'adminPassword' ? refusal.text : null} onSubmit={() => void submit()} onClose={onClose}>
      <FormControlLabel
        control={<Switch checked={value.enabled} onChange={(e) => setValue((v) => ({ ...v, enabled: e.target.checked }))} />}
        label={t('opcua.enabled')}
        sx={{ ml: 0, gap: 1, ...TOUCH }}
      />
      {OPCUA_RIGHTS.map((right) => (
        <ClassPicker key={right} label={t(`opcua.right.${right}`)} value={value[right]} onChange={(c) => setRight(right, c)} disabled={!value.enabled} />
      ))}
      <AdminPasswordField value={adminPassword} onChange={(v) => { setAdminPassword(v); setRefusal(null); }} error={adminError} />
    </DialogFrame>
  );
}
