import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/app-slice';
import {
  useExportSecurityAccountsMutation,
  useSecurityAccountsQuery,
  useSecurityOpcuaQuery,
  type SecurityAccountRow,
} from '../../../store/api/security-endpoints';
import { OPCUA_RIGHTS } from '../../../contract/rules/security';
import { FeatureNotEnabled } from '../../components/FeatureNotEnabled';
import { ResponsiveTable, type ListColumn } from '../../components/ResponsiveTable';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { errorMessage } from '../../i18n/error-text';
import { AccountDialog, ImportDialog, OpcuaDialog, RemoveAccountDialog } from './AccountDialogs';
import { SECURITY_ERROR_TEXTS, SECURITY_NS, TOUCH } from './texts';

type Dialog = { kind: 'add' } | { kind: 'edit'; account: SecurityAccountRow } | { kind: 'remove'; account: SecurityAccountRow } | { kind: 'import' } | { kind: 'opcua' } | null;

/** Project / Enhanced Security: the running project's operator accounts, each with the classes
 * A–L it may operate; their file (export, import); and whether the OPC UA server signs them in
 * (docs/decisions.md#enhanced-security). Every change asks for the administrator's password. */
export default function EnhancedSecurityPage() {
  const { t } = useTranslation(SECURITY_NS);
  const query = useSecurityAccountsQuery();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  let body;
  if (query.isError && !query.data) body = <LoadFailed message={t('accounts.load_failed')} error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <Loading label={t('loading')} />;
  else if (!query.data.enabled) body = <FeatureNotEnabled message={t('not_enabled', { project: query.data.project })} />;
  else
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <AccountsSection accounts={query.data.accounts} max={query.data.max_accounts} project={query.data.project} onDialog={setDialog} />
        <OpcuaSection onEdit={() => setDialog({ kind: 'opcua' })} />
      </Box>
    );

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      {body}
      {dialog?.kind === 'add' ? <AccountDialog accounts={query.data?.accounts ?? []} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <AccountDialog account={dialog.account} accounts={query.data?.accounts ?? []} onClose={close} /> : null}
      {dialog?.kind === 'remove' ? <RemoveAccountDialog account={dialog.account} onClose={close} /> : null}
      {dialog?.kind === 'import' ? <ImportDialog onClose={close} /> : null}
      {dialog?.kind === 'opcua' ? <OpcuaDialogLoaded onClose={close} /> : null}
    </Box>
  );
}

function AccountsSection({ accounts, max, project, onDialog }: { accounts: SecurityAccountRow[]; max: number; project: string; onDialog: (d: Dialog) => void }) {
  const { t } = useTranslation(SECURITY_NS);
  const dispatch = useAppDispatch();
  const [exportFile, exporting] = useExportSecurityAccountsMutation();
  const headingId = 'security-accounts-heading';

  const doExport = async () => {
    try {
      const name = await exportFile().unwrap();
      dispatch(noticeShown({ key: 'security:export.saved', values: { name }, severity: 'success' }));
    } catch (error) {
      dispatch(noticeShown({ ...errorMessage(error, SECURITY_ERROR_TEXTS), severity: 'error' }));
    }
  };

  const columns: ListColumn<SecurityAccountRow>[] = [
    { key: 'id', header: t('accounts.id'), cell: (a) => a.id, card: 'aside', sx: { width: 72 } },
    { key: 'account', header: t('accounts.account'), rowHeader: true, card: 'title', cell: (a) => a.account },
    {
      key: 'classes',
      header: t('accounts.classes'),
      cell: (a) => (a.classes.length > 0 ? a.classes.join(' ') : t('accounts.no_classes')),
      wide: true,
    },
    {
      key: 'actions',
      header: t('accounts.actions'),
      headerHidden: true,
      card: 'actions',
      cell: (a) => (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" sx={TOUCH} onClick={() => onDialog({ kind: 'edit', account: a })} aria-label={t('accounts.edit_named', { name: a.account })}>
            {t('accounts.edit')}
          </Button>
          <Button variant="outlined" color="error" sx={TOUCH} onClick={() => onDialog({ kind: 'remove', account: a })} aria-label={t('accounts.remove_named', { name: a.account })}>
            {t('accounts.remove')}
          </Button>
        </Box>
      ),
    },
  ];

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ mr: 'auto' }}>
            {t('accounts.title')}
          </Typography>
          <Button variant="outlined" sx={TOUCH} onClick={() => onDialog({ kind: 'import' })}>
            {t('import.button')}
          </Button>
          <Button variant="outlined" sx={TOUCH} onClick={() => void doExport()} loading={exporting.isLoading} disabled={accounts.length === 0}>
            {t('export.button')}
          </Button>
          <Button variant="contained" sx={TOUCH} onClick={() => onDialog({ kind: 'add' })} disabled={accounts.length >= max}>
            {t('accounts.add')}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('accounts.intro', { project, count: accounts.length, max })}
        </Typography>
        {accounts.length === 0 ? (
          <Typography variant="body2" data-testid="no-accounts">
            {t('accounts.none')}
          </Typography>
        ) : (
          <ResponsiveTable rows={accounts} rowKey={(a) => String(a.id)} columns={columns} tableMinWidth={640} labelledBy={headingId} rowTestId={(a) => `security-account-${a.account}`} />
        )}
      </CardContent>
    </Card>
  );
}

function OpcuaSection({ onEdit }: { onEdit: () => void }) {
  const { t } = useTranslation(SECURITY_NS);
  const query = useSecurityOpcuaQuery();
  const headingId = 'security-opcua-heading';
  const m = query.data;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ mr: 'auto' }}>
            {t('opcua.title')}
          </Typography>
          <Button variant="outlined" sx={TOUCH} onClick={onEdit} disabled={!m}>
            {t('opcua.edit')}
          </Button>
        </Box>
        {query.isError && !m ? (
          <LoadFailed message={t('opcua.load_failed')} error={query.error} onRetry={() => void query.refetch()} />
        ) : !m ? (
          <Loading label={t('loading')} />
        ) : (
          <Box data-testid="opcua-mapping">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {m.enabled ? t('opcua.on') : t('opcua.off')}
            </Typography>
            {m.enabled ? (
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
                {OPCUA_RIGHTS.map((right) => (
                  <Box key={right} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {t(`opcua.right.${right}`)}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                      {m[right].length > 0 ? m[right].join(' ') : t('accounts.no_classes')}
                    </Typography>
                  </Box>
                ))}
              </Box>
            ) : null}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function OpcuaDialogLoaded({ onClose }: { onClose: () => void }) {
  const query = useSecurityOpcuaQuery();
  return query.data ? <OpcuaDialog mapping={query.data} onClose={onClose} /> : null;
}
