import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { GRANTABLE_MENUS, MENU_GROUPS, type MenuGroup, type MenuId } from '../../../contract/roles';
import { minimumLength, PASSWORD_MAX_LENGTH, SPECIAL_CHARACTERS, strengthRulesFromWire } from '../../../contract/rules';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/app-slice';
import { useResetAccountPasswordMutation, useUpdateAccountMutation, type ManagedName } from '../../../store/api/accounts-endpoints';
import { useStrengthRulesQuery } from '../../../store/api/system-endpoints';
import { StrengthMeter } from '../../components/password/StrengthMeter';
import { errorText, type ErrorTexts } from '../../i18n/error-text';
import { EMPTY_RESET_FORM, resetFormProblems, type ResetForm, type ResetFormProblems } from './reset-form';
import { FormDialog, type FormDialogProps } from '../../components/FormDialog';

export const ACCOUNTS_NS = 'accounts';
export const TOUCH = { minHeight: 44 } as const;
/** A failed change: the device's reason, else "it could not be changed". */
export const CHANGE_ERROR_TEXTS: ErrorTexts = { fallback: 'accounts:dialog.failed' };
/** A refused reset: a wrong admin password says whose password it wanted. */
const RESET_ERROR_TEXTS: ErrorTexts = { codes: { current_password_error: 'accounts:reset.admin_password_wrong' }, fallback: 'accounts:dialog.failed' };

export function DialogFrame(props: Omit<FormDialogProps, 'cancelLabel'>) {
  const { t } = useTranslation(ACCOUNTS_NS);
  return <FormDialog {...props} cancelLabel={t('dialog.cancel')} />;
}

/** A yes/no question before an action that ends something (a session, an account's access). The
 * dialog stays open with the reason when the action fails. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  done,
  action,
  onClose,
  testId,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  /** The notice shown once the action succeeded. */
  done: { key: string; values?: Record<string, string> };
  action: () => Promise<unknown>;
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await action();
      dispatch(noticeShown({ ...done, severity: 'success' }));
      onClose();
    } catch (e) {
      setError(errorText(t, e, CHANGE_ERROR_TEXTS));
      setBusy(false);
    }
  };
  return (
    <DialogFrame title={title} submitLabel={confirmLabel} busy={busy} error={error} onSubmit={() => void submit()} onClose={onClose} danger testId={testId}>
      <DialogContentText>{text}</DialogContentText>
    </DialogFrame>
  );
}

const GROUPS_WITH_GRANTS = (Object.keys(MENU_GROUPS) as MenuGroup[])
  .map((group) => ({ group, menus: (MENU_GROUPS[group] as readonly MenuId[]).filter((m) => GRANTABLE_MENUS.includes(m)) }))
  .filter((g) => g.menus.length > 0);

/** The menus update or history may be granted beyond its own, by menu group; the account's own
 * menus are shown ticked and fixed. */
export function ExtraRolesDialog({ name, granted, own, onClose }: { name: ManagedName; granted: readonly MenuId[]; own: readonly MenuId[]; onClose: () => void }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const dispatch = useAppDispatch();
  const [update, state] = useUpdateAccountMutation();
  const [chosen, setChosen] = useState<Set<MenuId>>(() => new Set(granted));
  const [error, setError] = useState<string | null>(null);
  const toggle = (menu: MenuId, on: boolean) =>
    setChosen((s) => {
      const next = new Set(s);
      if (on) next.add(menu);
      else next.delete(menu);
      return next;
    });
  const submit = async () => {
    setError(null);
    try {
      const extra = GRANTABLE_MENUS.filter((m) => chosen.has(m) && !own.includes(m));
      await update({ name, change: { extra_roles: extra } }).unwrap();
      dispatch(noticeShown({ key: 'accounts:roles.saved', values: { name: t(`account.${name}`) }, severity: 'success' }));
      onClose();
    } catch (e) {
      setError(errorText(t, e, CHANGE_ERROR_TEXTS));
    }
  };
  return (
    <DialogFrame title={t('roles.title', { name: t(`account.${name}`) })} submitLabel={t('dialog.save')} busy={state.isLoading} error={error} onSubmit={() => void submit()} onClose={onClose} testId="extra-roles-dialog">
      <DialogContentText>{t('roles.intro')}</DialogContentText>
      {GROUPS_WITH_GRANTS.map(({ group, menus }) => (
        <Box component="fieldset" key={group} sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend" sx={{ fontWeight: 600 }}>
            {t(`menu.group_${group}`, { ns: 'shell' })}
          </FormLabel>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {menus.map((menu) => {
              const isOwn = own.includes(menu);
              return (
                <FormControlLabel
                  key={menu}
                  sx={{ ...TOUCH, ml: 0 }}
                  control={<Checkbox checked={isOwn || chosen.has(menu)} disabled={isOwn || state.isLoading} onChange={(e) => toggle(menu, e.target.checked)} />}
                  label={isOwn ? t('roles.own', { menu: t(`menu.${menu}`, { ns: 'shell' }) }) : t(`menu.${menu}`, { ns: 'shell' })}
                />
              );
            })}
          </FormGroup>
        </Box>
      ))}
    </DialogFrame>
  );
}

function problemLines(t: (key: string, values?: Record<string, unknown>) => string, problem: ResetFormProblems[keyof ResetFormProblems], field: 'password' | 'confirm' | 'adminPassword', min: number): string[] {
  if (!problem) return [];
  if (Array.isArray(problem)) return problem.map((f) => t(`shell:password.errors.${f}`, { length: min, characters: SPECIAL_CHARACTERS }));
  if (problem === 'too_long') return [t('shell:password.errors.too_long', { max: PASSWORD_MAX_LENGTH })];
  if (problem === 'inconsistent') return [t('shell:password.errors.inconsistent')];
  return [t(`reset.${field === 'adminPassword' ? 'admin_password' : field}_required`)];
}

/** A new password for update or history, confirmed by admin's own password. What is typed stays
 * when the device refuses it; the refusal says why (a wrong admin password, a rule, the history). */
export function ResetPasswordDialog({ name, onClose }: { name: ManagedName; onClose: () => void }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const dispatch = useAppDispatch();
  const rulesQuery = useStrengthRulesQuery();
  const [reset, state] = useResetAccountPasswordMutation();
  const [form, setForm] = useState<ResetForm>(EMPTY_RESET_FORM);
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rules = rulesQuery.data ? strengthRulesFromWire(rulesQuery.data) : null;
  const problems = rules ? resetFormProblems(form, rules) : {};
  const min = rules ? minimumLength(rules) : 0;
  const shown = (field: keyof ResetForm) => (attempted ? problemLines(t, problems[field], field, min) : []);
  const helper = (lines: string[], hint = ' ') =>
    lines.length === 0
      ? hint
      : lines.map((l) => (
          <Box component="span" key={l} sx={{ display: 'block' }}>
            {l}
          </Box>
        ));
  const account = t(`account.${name}`);

  const submit = async () => {
    setAttempted(true);
    if (!rules || Object.keys(problems).length > 0) return;
    setError(null);
    try {
      await reset({ name, body: { password: form.password, admin_password: form.adminPassword } }).unwrap();
      dispatch(noticeShown({ key: 'accounts:reset.done', values: { name: account }, severity: 'success' }));
      onClose();
    } catch (e) {
      setError(errorText(t, e, RESET_ERROR_TEXTS));
    }
  };
  const field = (key: keyof ResetForm, label: string, autoComplete: string, hint?: string) => (
    <TextField
      type="password"
      label={label}
      value={form[key]}
      onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
      autoComplete={autoComplete}
      error={shown(key).length > 0}
      helperText={helper(shown(key), hint)}
      required
      fullWidth
      disabled={state.isLoading}
      slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH } }}
    />
  );

  return (
    <DialogFrame title={t('reset.title', { name: account })} submitLabel={t('reset.submit')} busy={state.isLoading} error={error} onSubmit={() => void submit()} onClose={onClose} testId="reset-password-dialog">
      <DialogContentText>{t('reset.intro', { name: account })}</DialogContentText>
      {rulesQuery.isError ? (
        <Alert severity="error" action={<Button color="inherit" onClick={() => void rulesQuery.refetch()}>{t('retry')}</Button>}>
          {t('reset.rules_failed')}
        </Alert>
      ) : null}
      <Box>
        {field('password', t('reset.password'), 'new-password')}
        {rules ? <StrengthMeter password={form.password} rules={rules} /> : null}
      </Box>
      {field('confirm', t('reset.confirm'), 'new-password')}
      {field('adminPassword', t('reset.admin_password'), 'current-password', t('reset.admin_password_hint'))}
    </DialogFrame>
  );
}
