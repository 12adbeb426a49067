import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { baseRoles, type MenuId } from '../../../contract/roles';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/app-slice';
import {
  LIVE_LIST_POLL_MS,
  useEndSessionMutation,
  useLiveSessionsQuery,
  useLockoutsQuery,
  useManagedAccountsQuery,
  useUnlockMutation,
  useUpdateAccountMutation,
  type LiveSession,
  type Lockout,
  type ManagedAccount,
  type ManagedName,
} from '../../../store/api/accounts-endpoints';
import { pathOf } from '../../app/screens';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { ResponsiveTable, type ListColumn } from '../../components/ResponsiveTable';
import { displayTime } from '../../i18n/format';
import { errorMessage } from '../../i18n/error-text';
import { ACCOUNTS_NS, CHANGE_ERROR_TEXTS, ConfirmDialog, ExtraRolesDialog, ResetPasswordDialog, TOUCH } from './AccountDialogs';

const isManaged = (name: string): name is ManagedName => name === 'update' || name === 'history';

type Dialog =
  | { kind: 'disable'; name: ManagedName }
  | { kind: 'roles'; account: ManagedAccount & { username: ManagedName } }
  | { kind: 'reset'; name: ManagedName }
  | { kind: 'sign_out'; session: LiveSession }
  | null;

/** Administration / Account Management (docs/decisions.md#account-management): every account with
 * its state, update's and history's extra roles, enable / disable and a new password; the live
 * sessions with Sign out; the lockouts with Unlock. */
export default function AccountManagementPage() {
  const { t } = useTranslation(ACCOUNTS_NS);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [update] = useUpdateAccountMutation();
  const [endSession] = useEndSessionMutation();
  const close = () => setDialog(null);
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <AccountsSection open={setDialog} />
        <SessionsSection open={setDialog} />
        <LockoutsSection />
      </Box>
      {dialog?.kind === 'disable' ? (
        <ConfirmDialog
          title={t('accounts.disable_title', { name: t(`account.${dialog.name}`) })}
          text={t('accounts.disable_text', { name: t(`account.${dialog.name}`) })}
          confirmLabel={t('accounts.disable')}
          done={{ key: 'accounts:accounts.disabled_done', values: { name: t(`account.${dialog.name}`) } }}
          action={() => update({ name: dialog.name, change: { enabled: false } }).unwrap()}
          onClose={close}
          testId="disable-dialog"
        />
      ) : null}
      {dialog?.kind === 'roles' ? (
        <ExtraRolesDialog name={dialog.account.username} granted={dialog.account.extra_roles as MenuId[]} own={baseRoles(dialog.account.username)} onClose={close} />
      ) : null}
      {dialog?.kind === 'reset' ? <ResetPasswordDialog name={dialog.name} onClose={close} /> : null}
      {dialog?.kind === 'sign_out' ? (
        <ConfirmDialog
          title={t('sessions.sign_out_title', { name: dialog.session.username })}
          text={t(dialog.session.current ? 'sessions.sign_out_own_text' : 'sessions.sign_out_text', {
            name: dialog.session.username,
            source: dialog.session.source,
          })}
          confirmLabel={t('sessions.sign_out')}
          done={{ key: 'accounts:sessions.signed_out', values: { name: dialog.session.username } }}
          action={() => endSession(dialog.session.id).unwrap()}
          onClose={close}
          testId="sign-out-dialog"
        />
      ) : null}
    </Box>
  );
}

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {intro ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {intro}
          </Typography>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}

function QueryList<T>({ query, failed, loading, empty, children }: {
  query: { data?: readonly T[]; isError: boolean; error?: unknown; refetch(): unknown };
  failed: string;
  loading: string;
  empty: string;
  children(rows: readonly T[]): ReactNode;
}) {
  if (query.isError && !query.data) return <LoadFailed message={failed} error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading label={loading} />;
  if (query.data.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  }
  return <>{children(query.data)}</>;
}

function AccountsSection({ open }: { open(d: Dialog): void }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const dispatch = useAppDispatch();
  const query = useManagedAccountsQuery();
  const [update, updating] = useUpdateAccountMutation();
  const name = (a: ManagedAccount) => (a.mode === 'admin' ? t(`account.${a.username}`) : a.username);

  const enable = async (a: ManagedAccount & { username: ManagedName }) => {
    try {
      await update({ name: a.username, change: { enabled: true } }).unwrap();
      dispatch(noticeShown({ key: 'accounts:accounts.enabled_done', values: { name: name(a) }, severity: 'success' }));
    } catch (error) {
      dispatch(noticeShown({ ...errorMessage(error, CHANGE_ERROR_TEXTS), severity: 'error' }));
    }
  };

  const columns: ListColumn<ManagedAccount>[] = [
    {
      key: 'account',
      header: t('accounts.account'),
      rowHeader: true,
      card: 'title',
      cell: (a) => (
        <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
          <span>{name(a)}</span>
          <Typography component="span" variant="caption" color="text.secondary">
            {a.mode === 'admin' ? t('accounts.admin_mode') : t(`accounts.webview_${a.webview_role ?? 'control'}`)}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'state',
      header: t('accounts.state'),
      card: 'aside',
      cell: (a) =>
        isManaged(a.username) ? (
          <FormControlLabel
            control={
              <Switch
                checked={a.enabled}
                disabled={updating.isLoading}
                onChange={(e) => (e.target.checked ? void enable(a as ManagedAccount & { username: ManagedName }) : open({ kind: 'disable', name: a.username as ManagedName }))}
                slotProps={{ input: { 'aria-label': t('accounts.enable_account', { name: name(a) }) } }}
              />
            }
            label={t(a.enabled ? 'accounts.enabled' : 'accounts.disabled')}
            sx={{ ml: 0, gap: 0.5, ...TOUCH }}
          />
        ) : (
          <Chip size="small" variant="outlined" color={a.enabled ? 'success' : 'default'} label={t(a.enabled ? 'accounts.enabled' : 'accounts.disabled')} />
        ),
    },
    {
      key: 'password',
      header: t('accounts.password_age'),
      cell: (a) => (
        <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
          <span>{t('accounts.days', { count: a.password_age_days })}</span>
          {a.must_change_password ? <Chip size="small" variant="outlined" label={t('accounts.must_change')} /> : null}
        </Box>
      ),
    },
    {
      key: 'last_sign_in',
      header: t('accounts.last_sign_in'),
      cell: (a) =>
        a.last_sign_in ? (
          <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
            <span>{displayTime(a.last_sign_in.at)}</span>
            <Typography component="span" variant="caption" color="text.secondary">
              {t('accounts.from', { source: a.last_sign_in.source })}
            </Typography>
          </Box>
        ) : (
          t('accounts.never')
        ),
    },
    {
      key: 'locked',
      header: t('accounts.locked'),
      cell: (a) => (a.locked ? <Chip size="small" color="error" label={t('accounts.locked_yes')} /> : t('accounts.locked_no')),
    },
    {
      key: 'roles',
      header: t('accounts.extra_roles'),
      prose: true,
      wide: true,
      cell: (a) =>
        a.mode === 'user'
          ? t('accounts.roles_webview')
          : a.username === 'admin'
            ? t('accounts.roles_all')
            : a.extra_roles.length === 0
              ? t('accounts.roles_none')
              : a.extra_roles.map((m) => t(`menu.${m}`, { ns: 'shell' })).join(', '),
    },
    {
      key: 'actions',
      header: t('accounts.actions'),
      headerHidden: true,
      card: 'actions',
      cell: (a) =>
        isManaged(a.username) ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" sx={TOUCH} onClick={() => open({ kind: 'roles', account: a as ManagedAccount & { username: ManagedName } })} aria-label={t('accounts.roles_of', { name: name(a) })}>
              {t('accounts.roles_button')}
            </Button>
            <Button variant="outlined" sx={TOUCH} onClick={() => open({ kind: 'reset', name: a.username as ManagedName })} aria-label={t('accounts.reset_of', { name: name(a) })}>
              {t('accounts.reset_button')}
            </Button>
          </Box>
        ) : a.mode === 'user' ? (
          <Link component={RouterLink} to={pathOf('webview_setting')} sx={{ display: 'inline-flex', alignItems: 'center', ...TOUCH }}>
            {t('accounts.webview_link')}
          </Link>
        ) : (
          <Link component={RouterLink} to={pathOf('system_password')} sx={{ display: 'inline-flex', alignItems: 'center', ...TOUCH }}>
            {t('accounts.own_password_link')}
          </Link>
        ),
    },
  ];

  return (
    <Section id="accounts-heading" title={t('accounts.title')} intro={t('accounts.intro')}>
      <QueryList query={query} failed={t('accounts.load_failed')} loading={t('loading')} empty={t('accounts.none')}>
        {(rows) => <ResponsiveTable rows={rows} rowKey={(a) => a.username} columns={columns} tableMinWidth={880} labelledBy="accounts-heading" rowTestId={(a) => `account-${a.username}`} />}
      </QueryList>
    </Section>
  );
}

function SessionsSection({ open }: { open(d: Dialog): void }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const query = useLiveSessionsQuery(undefined, { pollingInterval: LIVE_LIST_POLL_MS });
  const columns: ListColumn<LiveSession>[] = [
    {
      key: 'account',
      header: t('sessions.account'),
      rowHeader: true,
      card: 'title',
      cell: (s) => s.username,
    },
    {
      key: 'current',
      header: t('sessions.this_session'),
      headerHidden: true,
      card: 'aside',
      cell: (s) => (s.current ? <Chip size="small" color="primary" variant="outlined" label={t('sessions.this_session')} /> : null),
    },
    { key: 'source', header: t('sessions.address'), cell: (s) => s.source },
    { key: 'browser', header: t('sessions.browser'), cell: (s) => <span title={s.user_agent ?? undefined}>{s.browser ?? t('sessions.browser_unknown')}</span> },
    { key: 'started', header: t('sessions.started'), cell: (s) => displayTime(s.started_at) },
    { key: 'last_seen', header: t('sessions.last_seen'), cell: (s) => displayTime(s.last_seen_at) },
    {
      key: 'actions',
      header: t('sessions.actions'),
      headerHidden: true,
      card: 'actions',
      cell: (s) => (
        <Button variant="outlined" color="error" sx={TOUCH} onClick={() => open({ kind: 'sign_out', session: s })} aria-label={t('sessions.sign_out_of', { name: s.username, source: s.source })}>
          {t('sessions.sign_out')}
        </Button>
      ),
    },
  ];
  return (
    <Section id="sessions-heading" title={t('sessions.title')} intro={t('sessions.intro')}>
      <QueryList query={query} failed={t('sessions.load_failed')} loading={t('loading')} empty={t('sessions.none')}>
        {(rows) => <ResponsiveTable rows={rows} rowKey={(s) => s.id} columns={columns} tableMinWidth={900} labelledBy="sessions-heading" rowTestId={(s) => `session-${s.id}`} />}
      </QueryList>
    </Section>
  );
}

function LockoutsSection() {
  const { t } = useTranslation(ACCOUNTS_NS);
  const dispatch = useAppDispatch();
  const query = useLockoutsQuery(undefined, { pollingInterval: LIVE_LIST_POLL_MS });
  const [unlock, unlocking] = useUnlockMutation();
  const who = (l: Lockout) => l.username ?? t('lockouts.unknown_names');
  const release = async (l: Lockout) => {
    try {
      await unlock(l.id).unwrap();
      dispatch(noticeShown({ key: 'accounts:lockouts.unlocked', values: { name: who(l), source: l.source }, severity: 'success' }));
    } catch (error) {
      dispatch(noticeShown({ ...errorMessage(error, CHANGE_ERROR_TEXTS), severity: 'error' }));
    }
  };
  const columns: ListColumn<Lockout>[] = [
    { key: 'account', header: t('lockouts.account'), rowHeader: true, card: 'title', cell: who },
    { key: 'source', header: t('lockouts.address'), cell: (l) => l.source },
    {
      key: 'until',
      header: t('lockouts.until'),
      cell: (l) => `${displayTime(l.until)} (${t('lockouts.minutes_left', { count: l.minutes_left })})`,
    },
    {
      key: 'actions',
      header: t('lockouts.actions'),
      headerHidden: true,
      card: 'actions',
      cell: (l) => (
        <Button variant="outlined" sx={TOUCH} disabled={unlocking.isLoading} onClick={() => void release(l)} aria-label={t('lockouts.unlock_of', { name: who(l), source: l.source })}>
          {t('lockouts.unlock')}
        </Button>
      ),
    },
  ];
  return (
    <Section id="lockouts-heading" title={t('lockouts.title')} intro={t('lockouts.intro')}>
      <QueryList query={query} failed={t('lockouts.load_failed')} loading={t('loading')} empty={t('lockouts.none')}>
        {(rows) => <ResponsiveTable rows={rows} rowKey={(l) => l.id} columns={columns} tableMinWidth={640} labelledBy="lockouts-heading" rowTestId={(l) => `lockout-${l.username ?? 'unknown'}-${l.source}`} />}
      </QueryList>
    </Section>
  );
}
