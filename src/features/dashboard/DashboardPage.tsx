import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { useAppSelector } from '../../../store';
import { selectDatetime, selectLanguage } from '../../../store/app-slice';
import { useSystemInfoQuery } from '../../../store/api/system-endpoints';
import { formatBytes, percent, splitDuration } from '../../i18n/format';
import { SelfCheckFact } from './SelfCheckFact';

/** How often the dashboard asks the device again; the clock itself comes from the time channel. */
export const DASHBOARD_REFRESH_MS = 5000;

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="h2">
          {label}
        </Typography>
        <Box sx={{ typography: 'h6', wordBreak: 'break-word', fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
          {children}
        </Box>
      </CardContent>
    </Card>
  );
}

function Usage({ used, total, language }: { used: number; total: number; language: string }) {
  const { t } = useTranslation();
  const p = percent(used, total);
  return (
    <>
      <Box component="span">{t('dashboard.usage', { used: formatBytes(used, language), total: formatBytes(total, language), percent: p })}</Box>
      <LinearProgress
        variant="determinate"
        value={p}
        color={p >= 90 ? 'error' : p >= 75 ? 'warning' : 'primary'}
        sx={{ mt: 1, height: 8, borderRadius: 4 }}
        aria-label={t('dashboard.percent_used', { percent: p })}
      />
    </>
  );
}

/** The nine facts of specification §2, kept current. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const datetime = useAppSelector(selectDatetime);
  const info = useSystemInfoQuery(undefined, { pollingInterval: DASHBOARD_REFRESH_MS, skipPollingIfUnfocused: true });
  const d = info.data;
  const up = d ? splitDuration(d.uptime_seconds) : null;

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('dashboard.title')}
      </Typography>
      {/* The one error policy: a lost connection says so, a device error asks for a reload. */}
      {info.isError && !d ? (
        <LoadFailed error={info.error} onRetry={() => void info.refetch()} />
      ) : !d ? (
        <Loading label={t('common.loading')} />
      ) : (
        <Grid container spacing={2}>
          {(
            [
              ['hmi_name', d?.hmi_name],
              ['os_version', d?.os_version],
              ['web_version', d?.web_version],
              ['system_time', datetime ?? '—'],
              ['uptime', up ? t('dashboard.uptime_value', { ...up }) : undefined],
              ['hostname', d?.hostname],
              ['remote_access_version', d?.remote_access_version],
              ['disk', d ? <Usage used={d.disk.used_bytes} total={d.disk.total_bytes} language={language} /> : undefined],
              ['memory', d ? <Usage used={d.memory.used_bytes} total={d.memory.total_bytes} language={language} /> : undefined],
            ] as const
          ).map(([key, value]) => (
            <Grid key={key} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Fact label={t(`dashboard.${key}`)} testId={`fact-${key}`}>
                {value ?? '—'}
              </Fact>
            </Grid>
          ))}
          <SelfCheckFact />
        </Grid>
      )}
    </Box>
  );
}
