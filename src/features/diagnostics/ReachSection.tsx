import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ReachResult } from '../../../contract/api/diagnostics';
import { failureOf } from '../../../contract/failure';
import { REACH_HOST_MAX, REACH_PORT_MAX, REACH_PORT_MIN, REACH_TIMEOUT_MS, reachHostProblem, reachPortProblem } from '../../../contract/rules/diagnostics';
import { useTestReachMutation } from '../../../store/api/diagnostics-endpoints';
import { SectionCard } from '../../components/SectionCard';
import { readWholeNumber } from '../../components/settings/whole-number';
import { errorText } from '../../i18n/error-text';
import { numberFormat } from '../../i18n/numbers';
import { DIAGNOSTICS_NS } from './texts';

function ResultView({ result }: { result: ReachResult }) {
  const { t, i18n } = useTranslation(DIAGNOSTICS_NS);
  const ms = numberFormat(i18n.language, 1);
  const { dns, tcp } = result;
  const target = `${result.host.includes(':') ? `[${result.host}]` : result.host}:${result.port}`;
  const ok = tcp?.ok === true;
  return (
    <Box data-testid="diagnostics-reach-result" sx={{ mt: 2 }}>
      <Alert severity={ok ? 'success' : 'error'} sx={{ mb: 1 }} data-testid="diagnostics-reach-verdict">
        {ok ? t('reach.ok', { target, ms: ms.format(tcp.ms) }) : t('reach.not_ok', { target })}
      </Alert>
      <Typography variant="subtitle2" component="h3">
        {t('reach.dns')}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mb: 1 }} data-testid="diagnostics-reach-dns">
        {dns.literal
          ? t('reach.dns_literal')
          : dns.ok
            ? t('reach.dns_ok', { addresses: dns.addresses.join(', '), ms: ms.format(dns.ms) })
            : `${t(`reach.error.${dns.error ?? 'dns_failed'}`, { host: result.host, seconds: REACH_TIMEOUT_MS / 1000 })}`}
      </Typography>
      {tcp ? (
        <>
          <Typography variant="subtitle2" component="h3">
            {t('reach.tcp')}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="diagnostics-reach-tcp">
            {tcp.ok
              ? t('reach.tcp_ok', { address: tcp.address, port: result.port, ms: ms.format(tcp.ms) })
              : t(`reach.error.${tcp.error ?? 'failed'}`, { host: result.host, port: result.port, seconds: REACH_TIMEOUT_MS / 1000 })}
          </Typography>
        </>
      ) : null}
      {(tcp && !tcp.ok && tcp.detail) || (!dns.ok && dns.detail) ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {t('reach.system_said', { detail: tcp?.detail ?? dns.detail })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Diagnostics / Reachability: a DNS look-up and a TCP connection from the device to host:port (a
 * PLC, an SMTP server), each bounded to 5 s; the host judged by the shared rule as it is typed. */
export default function ReachSection() {
  const { t } = useTranslation(DIAGNOSTICS_NS);
  const [host, setHost] = useState('');
  const [port, setPort] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [test, state] = useTestReachMutation();
  const portValue = readWholeNumber(port);
  const hostProblem = reachHostProblem(host);
  const portProblem = port.trim() === '' ? 'required' : reachPortProblem(portValue);
  // The device's own verdict on the host (the same rule), when the request was refused.
  const refused = state.error ? failureOf(state.error) : null;
  const deviceHostProblem = refused?.error_code === 'validation_failure' && refused.field === 'host' ? (refused.problem ?? 'not_a_host') : null;
  const showHost = (attempted || host !== '') && hostProblem ? hostProblem : null;
  const showPort = (attempted || port !== '') && portProblem ? portProblem : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (hostProblem || portProblem) return;
    void test({ host: host.trim(), port: portValue });
  };
  return (
    <SectionCard titleId="diagnostics-reach-title" title={t('reach.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('reach.intro', { seconds: REACH_TIMEOUT_MS / 1000 })}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          label={t('reach.host')}
          value={host}
          onChange={(e) => {
            setHost(e.target.value);
            if (state.isError) state.reset();
          }}
          error={Boolean(showHost ?? deviceHostProblem)}
          helperText={showHost || deviceHostProblem ? t(`reach.problem.${showHost ?? deviceHostProblem}`, { max: REACH_HOST_MAX }) : t('reach.host_hint')}
          sx={{ flex: '2 1 240px' }}
          slotProps={{ htmlInput: { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, inputMode: 'url', 'data-testid': 'diagnostics-reach-host' } }}
        />
        <TextField
          label={t('reach.port')}
          value={port}
          onChange={(e) => {
            setPort(e.target.value);
            if (state.isError) state.reset();
          }}
          error={Boolean(showPort)}
          helperText={showPort ? t(`reach.problem.port_${showPort}`, { min: REACH_PORT_MIN, max: REACH_PORT_MAX }) : ' '}
          sx={{ flex: '1 1 120px' }}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'data-testid': 'diagnostics-reach-port' } }}
        />
        <Button type="submit" variant="contained" disabled={state.isLoading} sx={{ minHeight: 56, minWidth: 120 }} data-testid="diagnostics-reach-test">
          {state.isLoading ? t('reach.testing') : t('reach.test')}
        </Button>
      </Box>
      {state.isError && !deviceHostProblem ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorText(t, state.error)}
        </Alert>
      ) : null}
      {state.data && !state.isLoading && !state.isError ? <ResultView result={state.data} /> : null}
    </SectionCard>
  );
}
