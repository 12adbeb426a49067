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
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/app-slice';
import { useApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation, type ApiKey, type NewApiKey } from '../../../store/api/api-keys-endpoints';
import { API_KEY_ACCESS, API_KEY_ACCOUNTS, API_KEY_NAME_MAX, type ApiKeyAccess, type ApiKeyAccount } from '../../../contract/rules/api-keys';
import type { MenuId } from '../../../contract/roles';
import { ResponsiveTable, type ListColumn } from '../../components/ResponsiveTable';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { errorText } from '../../i18n/error-text';
import { displayTime } from '../../i18n/format';
import { accountChanged, API_NS, draftProblems, EMPTY_DRAFT, offeredMenus, toBody, type KeyDraft, type OfferedMenus } from './key-form';

const TOUCH = { minHeight: 44 } as const;
const CREATE_TEXTS = { fallback: 'api:create.failed' } as const;
const REVOKE_TEXTS = { fallback: 'api:revoke.failed' } as const;
const STATE_COLOR = { active: 'success', expired: 'warning', revoked: 'default' } as const;

type Dialogs = { kind: 'create' } | { kind: 'revoke'; key: ApiKey } | null;

/** Administration / API: keys for machines (docs/decisions.md#api-keys). Each acts as one account
 * for some of its menus, read-only or read-write, until it expires or is revoked; its secret is
 * shown once, when it is made. */
export default function ApiKeysPage() {
  const { t } = useTranslation(API_NS);
  const query = useApiKeysQuery();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const headingId = useId();
  const menuName = (m: MenuId) => t(`menu.${m}`, { ns: 'shell' });

  const columns: ListColumn<ApiKey>[] = [
    { key: 'name', header: t('list.name'), rowHeader: true, card: 'title', cell: (k) => k.name },
    {
      key: 'state',
      header: t('list.state'),
      card: 'aside',
      cell: (k) => <Chip size="small" color={STATE_COLOR[k.state]} label={t(`state.${k.state}`)} data-testid={`api-key-state-${k.id}`} />,
    },
    { key: 'account', header: t('list.account'), cell: (k) => k.account },
    { key: 'access', header: t('list.access'), cell: (k) => t(`access.${k.access}`) },
    { key: 'menus', header: t('list.menus'), cell: (k) => k.menus.map((m) => menuName(m as MenuId)).join(', '), wide: true, prose: true },
    { key: 'expires', header: t('list.expires'), cell: (k) => (k.expires_at ? displayTime(k.expires_at) : t('list.never')) },
    { key: 'created', header: t('list.created'), cell: (k) => t('list.created_by', { time: displayTime(k.created_at), account: k.created_by }), prose: true },
    {
      key: 'last_use',
      header: t('list.last_use'),
      cell: (k) => (k.last_used_at ? t('list.last_use_from', { time: displayTime(k.last_used_at), address: k.last_used_from ?? '' }) : t('list.not_used')),
      prose: true,
    },
    {
      key: 'actions',
      header: t('list.actions'),
      headerHidden: true,
      card: 'actions',
      cell: (k) =>
        k.state === 'revoked' ? null : (
          <Button variant="outlined" color="error" sx={TOUCH} onClick={() => setDialog({ kind: 'revoke', key: k })} aria-label={t('revoke.named', { name: k.name })}>
            {t('revoke.button')}
          </Button>
        ),
    },
  ];

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.api', { ns: 'shell' })}
      </Typography>
      <Card variant="outlined" component="section" aria-labelledby={headingId}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
            <Typography id={headingId} variant="h6" component="h2" sx={{ mr: 'auto' }}>
              {t('list.title')}
            </Typography>
            <Button variant="contained" sx={TOUCH} onClick={() => setDialog({ kind: 'create' })} disabled={!query.data}>
              {t('create.button')}
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('list.intro')}
          </Typography>
          {query.isError && !query.data ? (
            <LoadFailed message={t('list.load_failed')} error={query.error} onRetry={() => void query.refetch()} />
          ) : !query.data ? (
            <Loading label={t('list.loading')} />
          ) : query.data.keys.length === 0 ? (
            <Typography color="text.secondary" data-testid="api-keys-empty">
              {t('list.empty')}
            </Typography>
          ) : (
            <ResponsiveTable rows={query.data.keys} rowKey={(k) => k.id} columns={columns} tableMinWidth={1000} labelledBy={headingId} rowTestId={(k) => `api-key-${k.id}`} />
          )}
        </CardContent>
      </Card>
      {dialog?.kind === 'create' ? <CreateKeyDialog offered={query.data?.menus ?? {}} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'revoke' ? <RevokeKeyDialog apiKey={dialog.key} onClose={() => setDialog(null)} /> : null}
    </Box>
  );
}

/** The new key's name, account, menus, access and expiry; then, once made, its secret (once). */
function CreateKeyDialog({ offered: offeredByAccount, onClose }: { offered: OfferedMenus; onClose(): void }) {
  const { t } = useTranslation(API_NS);
  const titleId = useId();
  const [create, creating] = useCreateApiKeyMutation();
  const [draft, setDraft] = useState<KeyDraft>(EMPTY_DRAFT);
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [made, setMade] = useState<NewApiKey | null>(null);
  const problems = draftProblems(draft, Date.now(), offeredByAccount);
  const problemText = (field: keyof typeof problems) => (attempted && problems[field] ? t(`problem.${problems[field]}`, { max: API_KEY_NAME_MAX }) : undefined);
  const offered = offeredMenus(draft.account, offeredByAccount);
  const change = (patch: Partial<KeyDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const toggleMenu = (m: MenuId, on: boolean) => setDraft((d) => ({ ...d, menus: on ? offered.filter((o) => o === m || d.menus.includes(o)) : d.menus.filter((x) => x !== m) }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (Object.keys(problems).length > 0) return;
    setFailure(null);
    try {
      setMade(await create(toBody(draft)).unwrap());
    } catch (error) {
      setFailure(errorText(t, error, CREATE_TEXTS));
    }
  };

  if (made) return <SecretDialog made={made} onClose={onClose} />;
  const today = new Date(Date.now() + 86_400_000);
  const minDate = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return (
    <Dialog open onClose={creating.isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id={titleId}>{t('create.title')}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            <TextField
              label={t('create.name')}
              value={draft.name}
              onChange={(e) => change({ name: e.target.value })}
              error={Boolean(problemText('name'))}
              helperText={problemText('name') ?? t('create.name_hint')}
              required
              autoFocus
              slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX + 1, autoComplete: 'off' } }}
            />
            <TextField select label={t('create.account')} value={draft.account} onChange={(e) => setDraft((d) => accountChanged(d, e.target.value as ApiKeyAccount, offeredByAccount))} helperText={t('create.account_hint')}>
              {API_KEY_ACCOUNTS.map((a) => (
                <MenuItem key={a} value={a} sx={TOUCH}>
                  {a}
                </MenuItem>
              ))}
            </TextField>
            <FormControl component="fieldset" error={Boolean(problemText('menus'))}>
              <FormLabel component="legend">{t('create.menus')}</FormLabel>
              <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
                {offered.map((m) => (
                  <FormControlLabel
                    key={m}
                    sx={{ ...TOUCH, ml: 0 }}
                    control={<Checkbox checked={draft.menus.includes(m)} onChange={(e) => toggleMenu(m, e.target.checked)} />}
                    label={t(`menu.${m}`, { ns: 'shell' })}
                  />
                ))}
              </FormGroup>
              <FormHelperText>{problemText('menus') ?? t('create.menus_hint')}</FormHelperText>
            </FormControl>
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('create.access')}</FormLabel>
              <RadioGroup row value={draft.access} onChange={(e) => change({ access: e.target.value as ApiKeyAccess })}>
                {API_KEY_ACCESS.map((a) => (
                  <FormControlLabel key={a} value={a} control={<Radio />} label={t(`access.${a}`)} sx={{ ...TOUCH, mr: 3 }} />
                ))}
              </RadioGroup>
              <FormHelperText>{t(`create.access_hint_${draft.access}`)}</FormHelperText>
            </FormControl>
            <TextField
              type="date"
              label={t('create.expiry')}
              value={draft.expiry}
              onChange={(e) => change({ expiry: e.target.value })}
              error={Boolean(problemText('expires_at'))}
              helperText={problemText('expires_at') ?? t('create.expiry_hint')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: minDate } }}
              sx={{ maxWidth: 320 }}
            />
            {failure ? (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            ) : null}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={creating.isLoading} sx={TOUCH}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={creating.isLoading} sx={TOUCH}>
            {t('create.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The secret of a new key, shown this once, with a copy button. */
function SecretDialog({ made, onClose }: { made: NewApiKey; onClose(): void }) {
  const { t } = useTranslation(API_NS);
  const dispatch = useAppDispatch();
  const titleId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made.secret);
      dispatch(noticeShown({ key: 'api:secret.copied', severity: 'success' }));
    } catch {
      dispatch(noticeShown({ key: 'api:secret.copy_failed', severity: 'error' }));
    }
  };
  return (
    <Dialog open aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('secret.title', { name: made.key.name })}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <Alert severity="warning">{t('secret.once')}</Alert>
          <TextField
            label={t('secret.label')}
            value={made.secret}
            onFocus={(e) => e.target.select()}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'api-key-secret', style: { fontFamily: 'monospace' } } }}
            fullWidth
          />
          <Typography variant="body2" color="text.secondary">
            {t('secret.usage')}
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" sx={TOUCH} onClick={() => void copy()}>
          {t('secret.copy')}
        </Button>
        <Button variant="contained" sx={TOUCH} onClick={onClose}>
          {t('secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose(): void }) {
  const { t } = useTranslation(API_NS);
  const dispatch = useAppDispatch();
  const titleId = useId();
  const [revoke, revoking] = useRevokeApiKeyMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setFailure(null);
    try {
      await revoke(apiKey.id).unwrap();
      dispatch(noticeShown({ key: 'api:revoke.done', values: { name: apiKey.name }, severity: 'success' }));
      onClose();
    } catch (error) {
      setFailure(errorText(t, error, REVOKE_TEXTS));
    }
  };
  return (
    <Dialog open onClose={revoking.isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('revoke.title', { name: apiKey.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('revoke.body')}</DialogContentText>
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={revoking.isLoading} sx={TOUCH}>
          {t('dialog.cancel')}
        </Button>
        <Button variant="contained" color="error" loading={revoking.isLoading} sx={TOUCH} onClick={() => void confirm()}>
          {t('revoke.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
