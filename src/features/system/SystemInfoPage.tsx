import { lazy, Suspense, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QueryPage } from '../../components/QueryPage';
import { SectionCard } from '../../components/SectionCard';
import { useAppSelector } from '../../../store';
import { selectDatetime, selectLanguage } from '../../../store/app-slice';
import { useSystemInfoQuery, useWebSpecificationQuery } from '../../../store/api/system-endpoints';
import { useUserInfoQuery } from '../../../store/api/uac-endpoints';
import { formatBytes, percent, splitDuration } from '../../i18n/format';
import { HmiNameDialog } from '../../layout/HmiNameDialog';
import { IdentifyLightCard } from './IdentifyLightCard';

const DateTimeDialog = lazy(() => import(/* webpackChunkName: "datetime-dialog" */ '../../layout/DateTimeDialog'));

/** Uptime and usage change while the page is open. */
const REFRESH_MS = 5000;

function Row({ label, children, action, testId }: { label: string; children: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <Box
      component="div"
      // Label and value share one line: an Edit button beside a value does not push it off it.
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(110px, 35%) 1fr' }, alignItems: 'center', gap: { xs: 0, sm: 2 }, py: 1, borderBottom: 1, borderColor: 'divider', minHeight: 44 }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      {/* The value takes the room left and wraps within it; an action keeps to the row's end, centred
          on the value, so every Edit button stands in one column whatever the length of its value. */}
      <Typography component="dd" variant="body1" sx={{ m: 0, display: 'flex', alignItems: 'center', flexWrap: 'nowrap', columnGap: 1 }}>
        <Box component="span" sx={{ flex: '1 1 auto', minWidth: 0, wordBreak: 'break-word', fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
          {children}
        </Box>
        {action ? (
          <Box component="span" sx={{ flex: '0 0 auto', ml: 'auto' }} data-testid={testId ? `${testId}-action` : undefined}>
            {action}
          </Box>
        ) : null}
      </Typography>
    </Box>
  );
}

/** The Edit button of a row the administrator may change. */
function EditButton({ onClick, label, text }: { onClick(): void; label: string; text: string }) {
  return (
    <Button size="small" onClick={onClick} aria-label={label}>
      {text}
    </Button>
  );
}

/** System Info: what the panel is, how it is doing, its name and clock, and the
 * identification light. */
export default function SystemInfoPage() {
  const { t } = useTranslation('system');
  const language = useAppSelector(selectLanguage);
  const datetime = useAppSelector(selectDatetime);
  const info = useSystemInfoQuery(undefined, { pollingInterval: REFRESH_MS, skipPollingIfUnfocused: true });
  const spec = useWebSpecificationQuery();
  const user = useUserInfoQuery();
  const isAdmin = user.data?.username === 'admin';
  const [editing, setEditing] = useState<'name' | 'time' | null>(null);
  const d = info.data;

  const up = d ? splitDuration(d.uptime_seconds) : null;
  const usage = (u: { used_bytes: number; total_bytes: number }) =>
    t('dashboard.usage', { ns: 'shell', used: formatBytes(u.used_bytes, language), total: formatBytes(u.total_bytes, language), percent: percent(u.used_bytes, u.total_bytes) });

  return (
    <QueryPage
      title={t('title')}
      query={info}
      failedText={t('load_failed')}
      loadingText={t('loading')}
      onRetry={() => void info.refetch()}
      after={
        <>
          {editing === 'name' && d ? <HmiNameDialog current={d.hmi_name} onClose={() => setEditing(null)} /> : null}
          {editing === 'time' ? (
            <Suspense fallback={null}>
              <DateTimeDialog current={datetime} onClose={() => setEditing(null)} />
            </Suspense>
          ) : null}
        </>
      }
    >
      {(d) => (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <SectionCard titleId="device-title" title={t('device')}>
              <Box component="dl" sx={{ m: 0 }}>
                <Row label={t('model')} testId="info-model">{d.model}</Row>
                <Row label={t('serial_number')} testId="info-serial">{d.serial_number}</Row>
                <Row label={t('dashboard.os_version', { ns: 'shell' })}>{d.os_version}</Row>
                <Row label={t('dashboard.web_version', { ns: 'shell' })}>{d.web_version}</Row>
                <Row label={t('dashboard.hostname', { ns: 'shell' })}>{d.hostname}</Row>
                <Row label={t('dashboard.uptime', { ns: 'shell' })}>{up ? t('dashboard.uptime_value', { ns: 'shell', ...up }) : '—'}</Row>
                <Row label={t('dashboard.disk', { ns: 'shell' })}>{usage(d.disk)}</Row>
                <Row label={t('dashboard.memory', { ns: 'shell' })}>{usage(d.memory)}</Row>
                {d.macs.map((m) => (
                  <Row key={m.name} label={t('mac', { name: m.name })}>
                    <Box component="span" sx={{ fontFamily: 'monospace' }}>{m.mac}</Box>
                  </Row>
                ))}
              </Box>
            </SectionCard>
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Box sx={{ display: 'grid', gap: 2 }}>
              <SectionCard titleId="name-time-title" title={t('name_and_time')}>
                <Box component="dl" sx={{ m: 0 }}>
                  <Row
                    label={t('dashboard.hmi_name', { ns: 'shell' })}
                    testId="info-hmi-name"
                    action={isAdmin ? <EditButton onClick={() => setEditing('name')} label={t('hmi_name.edit', { ns: 'shell' })} text={t('edit')} /> : null}
                  >
                    {d.hmi_name}
                  </Row>
                  <Row
                    label={t('dashboard.system_time', { ns: 'shell' })}
                    testId="info-time"
                    action={isAdmin ? <EditButton onClick={() => setEditing('time')} label={t('device_time.edit', { ns: 'shell' })} text={t('edit')} /> : null}
                  >
                    {datetime ?? '—'}
                  </Row>
                </Box>
              </SectionCard>
              {spec.data?.led ? <IdentifyLightCard /> : null}
            </Box>
          </Grid>
        </Grid>
      )}
    </QueryPage>
  );
}
