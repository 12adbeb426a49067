import { useId } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store';
import { selectLanguage } from '../../../store/app-slice';
import { selectUsername } from '../../../store/session-slice';
import { useExtraRolesQuery } from '../../../store/api/uac-endpoints';
import { usePlcRuntimeQuery } from '../../../store/api/plc-runtime-endpoints';
import { mayCall, type Access } from '../../../contract/api/define';
import { PLC_RUNTIME_CHANGING_ACCOUNTS } from '../../../contract/api/plc-runtime.routes';
import { isAccountName, isMenuId } from '../../../contract/roles';
import type { PlcRuntimeState } from '../../../contract/rules/plc-runtime';
import { FactRow } from '../../components/FactRow';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { formatBytes } from '../../i18n/format';
import { ActivationCard } from './ActivationCard';
import { FirmwareCard } from './FirmwareCard';
import { Lan1Card } from './Lan1Card';
import { PLC_NS } from './messages';
import type { PlcRuntimeStatus } from './types';

/** Who may change the runtime: the access of the changing calls (contract/api/plc-runtime.ts), zod-free. */
const CHANGING: Access = { kind: 'menu', menu: 'plc_runtime', accounts: PLC_RUNTIME_CHANGING_ACCOUNTS };

function useMayChange(): boolean {
  const username = useAppSelector(selectUsername);
  const extra = useExtraRolesQuery(undefined, { skip: username === null });
  if (username === null || !isAccountName(username)) return false;
  return mayCall(CHANGING, username, (extra.data ?? []).filter(isMenuId));
}

const STATE_COLOR: Record<PlcRuntimeState, 'success' | 'default' | 'info'> = { running: 'success', stopped: 'default', updating: 'info' };

function RuntimeCard({ status, language }: { status: PlcRuntimeStatus; language: string }) {
  const { t } = useTranslation(PLC_NS);
  const titleId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('runtime.title')}
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <FactRow label={t('runtime.version')}>
            <span data-testid="plc-version">{status.runtime.version}</span>
          </FactRow>
          <FactRow label={t('runtime.state')}>
            <Chip size="small" color={STATE_COLOR[status.runtime.state]} label={t(`runtime.states.${status.runtime.state}`)} data-testid="plc-state" />
          </FactRow>
          <FactRow label={t('runtime.lan1_owner')}>{t(`lan1.owners.${status.lan1.owner}`)}</FactRow>
          <FactRow label={t('runtime.max_firmware')}>{formatBytes(status.max_firmware_bytes, language)}</FactRow>
        </Box>
        {status.runtime.state === 'stopped' ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {t('runtime.stopped_hint')}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** PLC Runtime (Features): the soft PLC runtime the panel hosts: its activation, its version and
 * state, who controls LAN1 and its address, and firmware updates (specification §3, §4, §8). */
export default function PlcRuntimePage() {
  const { t } = useTranslation(PLC_NS);
  const language = useAppSelector(selectLanguage);
  const query = usePlcRuntimeQuery(undefined, { refetchOnMountOrArgChange: true });
  const mayChange = useMayChange();
  const status = query.data;

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.plc_runtime', { ns: 'shell' })}
      </Typography>
      {query.isError && !status ? (
        <LoadFailed message={t('load_failed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : !status ? (
        <Loading label={t('loading')} />
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <ActivationCard status={status} canChange={mayChange} />
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <RuntimeCard status={status} language={language} />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <Lan1Card stored={status.lan1} canChange={mayChange} busy={status.running_job !== null} />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <FirmwareCard status={status} canChange={mayChange} language={language} />
          </Grid>
        </Grid>
      )}
    </Box>
  );
}
