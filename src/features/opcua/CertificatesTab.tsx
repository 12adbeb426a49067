import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store';
import { noticeShown } from '../../../store/notice-actions';
import {
  opcuaApi,
  useDownloadOpcuaCertificateMutation,
  useOpcuaCertificatesQuery,
  useRegenerateOwnCertificateMutation,
  useRemoveCertificateMutation,
  useTrustRejectedCertificateMutation,
  useUploadOpcuaCertificateMutation,
  type UploadList,
} from '../../../store/api/opcua-endpoints';
import type { CertificateList, OpcuaCertificate, OpcuaCertificates } from '../../../contract/api/opcua';
import { certificateExpired } from '../../../contract/rules/opcua';
import { FactRow } from '../../components/FactRow';
import { FileButton } from '../../components/FileButton';
import { DownloadIcon, UploadIcon } from '../../components/icons';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { ResponsiveTable, type ListColumn } from '../../components/ResponsiveTable';
import { errorMessage } from '../../i18n/error-text';
import { displayTime } from '../../i18n/format';
import { ConfirmDialog } from './dialogs';
import { CERTIFICATE_TEXTS, OPCUA_NS } from './messages';

type RevocationList = OpcuaCertificates['revocation_lists'][number];

/** The common name of a certificate's subject, else the whole subject. */
export function certificateName(cert: { subject: string }): string {
  const cn = /(?:^|[,/]\s*)CN=([^,/]+)/.exec(cert.subject);
  return cn ? cn[1]!.trim() : cert.subject;
}

function isExpired(cert: OpcuaCertificate): boolean {
  return cert.expired || certificateExpired(cert, Date.now());
}

function time(iso: string | null): string {
  if (!iso) return '—';
  return Number.isNaN(Date.parse(iso)) ? iso : displayTime(iso);
}

/** The file endings the choosers offer (contract/api/opcua.ts: ownCertificateUpload,
 * certificateUpload; the device checks the content). Written here, as the console takes no zod. */
const ACCEPT = {
  certificate: '.der,.pem,.crt,.cer',
  private_key: '.pem,.key',
  file: '.der,.pem,.crt,.cer,.crl',
};

/** A date past: red, readable on the light and the dark background. */
const expiredText = (theme: Theme) => ({ color: theme.palette.error.dark, fontWeight: 600, ...theme.applyStyles('dark', { color: theme.palette.error.light }) });

/** Red "Expired" beside a certificate past its end (or not yet valid). */
function ExpiredChip({ cert }: { cert: OpcuaCertificate }) {
  const { t } = useTranslation(OPCUA_NS);
  return isExpired(cert) ? <Chip size="small" color="error" label={t('certificates.expired')} /> : null;
}

/** Every field of a certificate (§3), as a description list. */
function CertificateFacts({ cert }: { cert: OpcuaCertificate }) {
  const { t } = useTranslation(OPCUA_NS);
  const expired = isExpired(cert);
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <FactRow label={t('certificates.fields.subject')}>{cert.subject}</FactRow>
      <FactRow label={t('certificates.fields.uri')}>{cert.uri ?? '—'}</FactRow>
      <FactRow label={t('certificates.fields.san')}>{cert.san.length > 0 ? cert.san.join(', ') : '—'}</FactRow>
      <FactRow label={t('certificates.fields.organization')}>{cert.organization ?? '—'}</FactRow>
      <FactRow label={t('certificates.fields.organization_unit')}>{cert.organization_unit ?? '—'}</FactRow>
      <FactRow label={t('certificates.fields.issuer')}>{cert.issuer}</FactRow>
      <FactRow label={t('certificates.fields.valid_from')}>{time(cert.valid_from)}</FactRow>
      <FactRow label={t('certificates.fields.valid_to')}>
        <Box component="span" sx={[{ mr: 1 }, expired && expiredText]}>
          {time(cert.valid_to)}
        </Box>
        <ExpiredChip cert={cert} />
      </FactRow>
      <FactRow label={t('certificates.fields.signature_algorithm')}>{cert.signature_algorithm}</FactRow>
      <FactRow label={t('certificates.fields.fingerprint')}>
        <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' }}>
          {cert.fingerprint}
        </Box>
      </FactRow>
      <FactRow label={t('certificates.fields.file_name')}>{cert.file_name}</FactRow>
      {cert.first_seen ? <FactRow label={t('certificates.fields.first_seen')}>{time(cert.first_seen)}</FactRow> : null}
    </Box>
  );
}

/** What a certificate action does: the call and its notices (each call's answer, every list, is
 * put in the cache by its endpoint). */
function useCertificateActions(onServerChanged: () => void) {
  const { t } = useTranslation(OPCUA_NS);
  const dispatch = useAppDispatch();
  const [trust, trusting] = useTrustRejectedCertificateMutation();
  const [remove, removing] = useRemoveCertificateMutation();
  const [regenerate, regenerating] = useRegenerateOwnCertificateMutation();
  const [download] = useDownloadOpcuaCertificateMutation();
  const failed = (error: unknown) => dispatch(noticeShown({ ...errorMessage(error, CERTIFICATE_TEXTS), severity: 'error' }));

  return {
    busy: trusting.isLoading || removing.isLoading || regenerating.isLoading,
    async trust(cert: OpcuaCertificate) {
      const result = await trust(cert.id);
      if ('error' in result) failed(result.error);
      else dispatch(noticeShown({ key: 'opcua:certificates.trusted', values: { name: certificateName(cert) }, severity: 'success' }));
    },
    async remove(list: CertificateList, id: string, name: string) {
      const result = await remove({ list, id });
      if ('error' in result) {
        failed(result.error);
        // Gone already: the lists are read again.
        void dispatch(opcuaApi.endpoints.opcuaCertificates.initiate(undefined, { forceRefetch: true, subscribe: false }));
      } else dispatch(noticeShown({ key: 'opcua:certificates.removed', values: { name }, severity: 'success' }));
    },
    async regenerate() {
      const result = await regenerate();
      if ('error' in result) return failed(result.error);
      dispatch(noticeShown({ key: 'opcua:certificates.regenerated', severity: 'success' }));
      onServerChanged();
    },
    async download(list: CertificateList | 'own', id: string, fileName: string) {
      const result = await download({ list, id, fileName });
      if ('error' in result) failed(result.error);
    },
    failed,
    /** What follows an upload the device took: its notice, and for the server's own, what follows
     * a change of the server. */
    uploaded(to: UploadList | 'own') {
      if (to === 'own') {
        dispatch(noticeShown({ key: 'opcua:certificates.uploaded_own', severity: 'success' }));
        onServerChanged();
      } else dispatch(noticeShown({ key: 'opcua:certificates.uploaded', values: { list: t(`certificates.lists.${to}`) }, severity: 'success' }));
    },
  };
}
type Actions = ReturnType<typeof useCertificateActions>;

/** Uploads to a list or replaces the server's own. Each caller holds its own mutation, so its
 * wait (`sending`) is its own upload's: one list's chooser waits, the others stay free. */
function useCertificateUpload(actions: Actions) {
  const [upload, { isLoading }] = useUploadOpcuaCertificateMutation();
  return {
    sending: isLoading,
    /** True when the device took the files. */
    async send(to: UploadList | 'own', parts: Record<string, Blob>): Promise<boolean> {
      const result = await upload({ to, parts });
      if ('error' in result) {
        actions.failed(result.error);
        return false;
      }
      actions.uploaded(to);
      return true;
    },
  };
}

/** Choose the server's certificate and its key, and send both (§5: they must match). */
function UploadOwnDialog({ open, onClose, actions }: { open: boolean; onClose(): void; actions: Actions }) {
  const { t } = useTranslation(OPCUA_NS);
  const [certificate, setCertificate] = useState<File | null>(null);
  const [key, setKey] = useState<File | null>(null);
  const { sending, send: upload } = useCertificateUpload(actions);
  const close = () => {
    setCertificate(null);
    setKey(null);
    onClose();
  };
  const send = async () => {
    if (!certificate || !key) return;
    if (await upload('own', { certificate, private_key: key })) close();
  };
  const filePart = (label: string, file: File | null, acceptList: string, set: (f: File | null) => void, testId: string) => (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 120 }}>
        {label}
      </Typography>
      <FileButton variant="outlined" size="small" label={t('certificates.choose', { what: label })} accept={acceptList} onFiles={([f]) => set(f ?? null)} disabled={sending} testId={testId} />
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        {file ? file.name : t('certificates.no_file')}
      </Typography>
    </Box>
  );
  return (
    <Dialog open={open} onClose={sending ? undefined : close} aria-labelledby="opcua-upload-own-title" maxWidth="sm" fullWidth>
      <DialogTitle id="opcua-upload-own-title">{t('certificates.upload_own_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('certificates.upload_own_text')}</DialogContentText>
        <Stack spacing={1.5}>
          {filePart(t('certificates.certificate_file'), certificate, ACCEPT.certificate, setCertificate, 'opcua-own-certificate-file')}
          {filePart(t('certificates.key_file'), key, ACCEPT.private_key, setKey, 'opcua-own-key-file')}
        </Stack>
        {sending ? <LinearProgress aria-label={t('certificates.uploading')} sx={{ mt: 2 }} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={sending}>
          {t('common.cancel', { ns: 'translation' })}
        </Button>
        <Button variant="contained" disabled={!certificate || !key} loading={sending} onClick={() => void send()}>
          {t('certificates.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The server's own certificate: its fields, Download, Regenerate (asked first), Upload. */
function OwnCertificateCard({ cert, actions }: { cert: OpcuaCertificate; actions: Actions }) {
  const { t } = useTranslation(OPCUA_NS);
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const [uploading, setUploading] = useState(false);
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 0.5 }}>
          {t('certificates.own_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('certificates.own_intro')}
        </Typography>
        {isExpired(cert) ? (
          <Alert severity="error" sx={{ mb: 1.5 }}>
            {t('certificates.own_expired')}
          </Alert>
        ) : null}
        <CertificateFacts cert={cert} />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void actions.download('own', cert.id, cert.file_name)}>
            {t('certificates.download')}
          </Button>
          <Button variant="outlined" onClick={() => setConfirming(true)}>
            {t('certificates.regenerate')}
          </Button>
          <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setUploading(true)}>
            {t('certificates.upload_own')}
          </Button>
        </Box>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('certificates.regenerate_title')}
        confirm={t('certificates.regenerate')}
        busy={actions.busy}
        onClose={() => setConfirming(false)}
        onConfirm={() => void actions.regenerate().then(() => setConfirming(false))}
      >
        {t('certificates.regenerate_text')}
      </ConfirmDialog>
      <UploadOwnDialog open={uploading} onClose={() => setUploading(false)} actions={actions} />
    </Card>
  );
}

type Removal = { list: CertificateList; id: string; name: string } | null;

/** A table of certificates with Details, Download, Remove (and Trust for rejected clients). */
function CertificateTable({
  list,
  certs,
  actions,
  onDetails,
  onRemove,
  label,
}: {
  list: CertificateList;
  certs: readonly OpcuaCertificate[];
  actions: Actions;
  onDetails(cert: OpcuaCertificate): void;
  onRemove(removal: Removal): void;
  label: string;
}) {
  const { t } = useTranslation(OPCUA_NS);
  const rejected = list === 'rejected';
  const columns: ListColumn<OpcuaCertificate>[] = [
    ...(rejected
      ? [{ key: 'first_seen', header: t('certificates.fields.first_seen'), headSx: { whiteSpace: 'nowrap' }, sx: { fontVariantNumeric: 'tabular-nums', minWidth: 96 }, cell: (cert: OpcuaCertificate) => time(cert.first_seen) }]
      : []),
    {
      key: 'name',
      header: rejected ? t('certificates.columns.name_fingerprint') : t('certificates.columns.name'),
      rowHeader: true,
      card: 'title',
      sx: { minWidth: 160 },
      cell: (cert) => (
        <>
          <Box sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{certificateName(cert)}</Box>
          {cert.uri ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {cert.uri}
            </Typography>
          ) : null}
          {rejected ? (
            // What to compare with the fingerprint the client's owner gives (UANode's advice).
            <Typography variant="body2" sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere', mt: 0.5 }} data-testid="rejected-fingerprint">
              {cert.fingerprint}
            </Typography>
          ) : null}
        </>
      ),
      fact: (cert) => certificateName(cert),
    },
    { key: 'uri', header: t('certificates.fields.uri'), cardOnly: true, wide: true, cell: (cert) => cert.uri || null },
    ...(rejected
      ? [
          {
            key: 'fingerprint',
            header: t('certificates.fields.fingerprint'),
            cardOnly: true,
            wide: true,
            cell: (cert: OpcuaCertificate) => (
              <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 12 }} data-testid="rejected-fingerprint">
                {cert.fingerprint}
              </Box>
            ),
          },
        ]
      : []),
    {
      key: 'valid_to',
      header: t('certificates.fields.valid_to'),
      headSx: { whiteSpace: 'nowrap' },
      sx: { minWidth: 96, fontVariantNumeric: 'tabular-nums' },
      cell: (cert) => (
        <>
          <Box component="span" sx={[{ mr: 1 }, isExpired(cert) && expiredText]}>
            {time(cert.valid_to)}
          </Box>
          <ExpiredChip cert={cert} />
        </>
      ),
    },
    {
      key: 'actions',
      header: t('certificates.columns.actions'),
      card: 'actions',
      sx: { width: '1%' },
      cell: (cert) => {
        const name = certificateName(cert);
        return (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', minWidth: 180 }}>
            {rejected ? (
              <Button size="small" variant="contained" disabled={actions.busy} onClick={() => void actions.trust(cert)} aria-label={t('certificates.trust_named', { name })}>
                {t('certificates.trust')}
              </Button>
            ) : null}
            <Button size="small" onClick={() => onDetails(cert)} aria-label={t('certificates.details_named', { name })}>
              {t('certificates.details')}
            </Button>
            <Button size="small" onClick={() => void actions.download(list, cert.id, cert.file_name)} aria-label={t('certificates.download_named', { name })}>
              {t('certificates.download')}
            </Button>
            <Button size="small" onClick={() => onRemove({ list, id: cert.id, name })} aria-label={t('certificates.remove_named', { name })}>
              {t('certificates.remove')}
            </Button>
          </Box>
        );
      },
    },
  ];
  return <ResponsiveTable rows={certs} rowKey={(c) => c.id} rowTestId={(c) => `cert-${list}-${c.id}`} columns={columns} tableMinWidth={560} label={label} />;
}

/** The revocation lists: issuer, when issued, next update, how many certificates they revoke. */
function RevocationTable({ crls, actions, onRemove, label }: { crls: readonly RevocationList[]; actions: Actions; onRemove(removal: Removal): void; label: string }) {
  const { t } = useTranslation(OPCUA_NS);
  const stale = (crl: RevocationList) => crl.next_update !== null && Date.parse(crl.next_update) < Date.now();
  const columns: ListColumn<RevocationList>[] = [
    {
      key: 'issuer',
      header: t('certificates.fields.issuer'),
      rowHeader: true,
      card: 'title',
      sx: { wordBreak: 'break-word' },
      cell: (crl) => (
        <>
          {crl.issuer}
          <Typography variant="body2" color="text.secondary">
            {crl.file_name}
          </Typography>
        </>
      ),
      fact: (crl) => crl.issuer,
    },
    { key: 'file_name', header: t('certificates.fields.file_name'), cardOnly: true, wide: true, cell: (crl) => crl.file_name },
    { key: 'this_update', header: t('certificates.columns.this_update'), headSx: { whiteSpace: 'nowrap' }, sx: { whiteSpace: 'nowrap' }, cell: (crl) => time(crl.this_update) },
    {
      key: 'next_update',
      header: t('certificates.columns.next_update'),
      headSx: { whiteSpace: 'nowrap' },
      sx: { whiteSpace: 'nowrap' },
      cell: (crl) => (
        <>
          <Box component="span" sx={[{ mr: 1 }, stale(crl) && expiredText]}>
            {time(crl.next_update)}
          </Box>
          {stale(crl) ? <Chip size="small" color="error" label={t('certificates.outdated')} /> : null}
        </>
      ),
    },
    { key: 'revoked', header: t('certificates.columns.revoked'), align: 'right', cell: (crl) => crl.revoked },
    {
      key: 'actions',
      header: t('certificates.columns.actions'),
      card: 'actions',
      cell: (crl) => {
        const name = certificateName({ subject: crl.issuer });
        return (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            <Button size="small" onClick={() => void actions.download('revocation_lists', crl.id, crl.file_name)} aria-label={t('certificates.download_named', { name })}>
              {t('certificates.download')}
            </Button>
            <Button size="small" onClick={() => onRemove({ list: 'revocation_lists', id: crl.id, name })} aria-label={t('certificates.remove_named', { name })}>
              {t('certificates.remove')}
            </Button>
          </Box>
        );
      },
    },
  ];
  return <ResponsiveTable rows={crls} rowKey={(c) => c.id} rowTestId={(c) => `cert-revocation_lists-${c.id}`} columns={columns} tableMinWidth={640} label={label} />;
}

/** One list as a section: title, what it is for, Upload, its entries. */
function ListSection({ list, count, actions, children, prominent = false }: { list: CertificateList; count: number; actions: Actions; children: ReactNode; prominent?: boolean }) {
  const { t } = useTranslation(OPCUA_NS);
  const titleId = useId();
  const { sending, send } = useCertificateUpload(actions);
  const title = t(`certificates.lists.${list}`);
  const upload = async (file: File | undefined) => {
    if (!file || list === 'rejected') return;
    await send(list, { file });
  };
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={prominent ? { borderColor: 'warning.main', borderWidth: 2 } : undefined}
      data-testid={`list-${list}`}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
            {t('certificates.list_title', { list: title, count })}
          </Typography>
          {list !== 'rejected' ? (
            <FileButton
              variant="outlined"
              size="small"
              startIcon={<UploadIcon />}
              label={t('certificates.upload_to', { list: title })}
              accept={ACCEPT.file}
              onFiles={([file]) => void upload(file)}
              disabled={sending}
              testId={`opcua-upload-${list}`}
            />
          ) : null}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t(`certificates.hints.${list}`)}
        </Typography>
        {sending ? <LinearProgress aria-label={t('certificates.uploading')} sx={{ mb: 1 }} /> : null}
        {count === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {list === 'rejected' ? t('certificates.rejected_none') : t('certificates.empty')}
          </Typography>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

const CERT_LISTS = ['trusted_clients', 'trusted_users', 'client_issuers', 'user_issuers'] as const;

/** Certificates (§3): the server's own, the trust lists, and the clients refused, first and
 * marked when there are any, each with Trust. */
export function CertificatesTab({ onServerChanged }: { onServerChanged(): void }) {
  const { t } = useTranslation(OPCUA_NS);
  const query = useOpcuaCertificatesQuery(undefined, { refetchOnMountOrArgChange: true });
  const actions = useCertificateActions(onServerChanged);
  const [details, setDetails] = useState<OpcuaCertificate | null>(null);
  const [removal, setRemoval] = useState<Removal>(null);
  const data = query.data;

  if (!data) {
    return (
      <Card variant="outlined" component="section" aria-label={t('tabs.certificates')}>
        <CardContent>
          {query.isError ? (
            <LoadFailed message={t('certificates.load_failed')} error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <Loading label={t('certificates.loading')} />
          )}
        </CardContent>
      </Card>
    );
  }

  const table = (list: (typeof CERT_LISTS)[number] | 'rejected') => (
    <CertificateTable list={list} certs={data[list]} actions={actions} onDetails={setDetails} onRemove={setRemoval} label={t(`certificates.lists.${list}`)} />
  );
  const rejectedSection = (
    <ListSection list="rejected" count={data.rejected.length} actions={actions} prominent={data.rejected.length > 0}>
      <Alert severity="warning" sx={{ mb: 1.5 }}>
        {t('certificates.rejected_intro')}
      </Alert>
      {table('rejected')}
    </ListSection>
  );

  return (
    <Stack spacing={2}>
      {data.rejected.length > 0 ? rejectedSection : null}
      <OwnCertificateCard cert={data.own} actions={actions} />
      {CERT_LISTS.map((list) => (
        <ListSection key={list} list={list} count={data[list].length} actions={actions}>
          {table(list)}
        </ListSection>
      ))}
      <ListSection list="revocation_lists" count={data.revocation_lists.length} actions={actions}>
        <RevocationTable crls={data.revocation_lists} actions={actions} onRemove={setRemoval} label={t('certificates.lists.revocation_lists')} />
      </ListSection>
      {data.rejected.length === 0 ? rejectedSection : null}

      <Dialog open={details !== null} onClose={() => setDetails(null)} aria-labelledby="opcua-cert-details-title" maxWidth="md" fullWidth>
        <DialogTitle id="opcua-cert-details-title">{details ? t('certificates.details_title', { name: certificateName(details) }) : ''}</DialogTitle>
        <DialogContent>{details ? <CertificateFacts cert={details} /> : null}</DialogContent>
        <DialogActions>
          <Button onClick={() => setDetails(null)}>{t('common.close', { ns: 'translation' })}</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={removal !== null}
        danger
        title={removal ? t('certificates.remove_title', { name: removal.name, list: t(`certificates.lists.${removal.list}`) }) : ''}
        confirm={t('certificates.remove')}
        busy={actions.busy}
        onClose={() => setRemoval(null)}
        onConfirm={() => {
          if (!removal) return;
          void actions.remove(removal.list, removal.id, removal.name).then(() => setRemoval(null));
        }}
      >
        {removal ? t(`certificates.remove_text.${removal.list}`) : null}
      </ConfirmDialog>
    </Stack>
  );
}
