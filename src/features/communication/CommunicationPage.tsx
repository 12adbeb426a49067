import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../contract/api/define';
import type { devices as devicesCall } from '../../../contract/api/communication';
import { useCommunicationDevicesQuery } from '../../../store/api/communication-endpoints';
import { LoadFailed } from '../../components/LoadFailed';
import { visuallyHidden } from '../account/visually-hidden';
import { Loading } from '../../components/Loading';
import { DeviceDialog, type CommunicationDevice } from './DeviceDialog';
import { COMMUNICATION_NS, interfaceLabel, numberFormat, serialValueText, timeoutText } from './messages';

type ComPortRow = ResponseOf<typeof devicesCall>['com_ports'][number];

/** The lines of a device's connection: its address and port, or its line settings, each named. */
function connectionLines(t: TFunction, n: Intl.NumberFormat, d: CommunicationDevice): string[] {
  if (d.interface === 'ethernet') {
    if (d.ip === null && d.port === null) return [t('list.internal')];
    return [`${t('field.ip')}: ${d.ip ?? '—'}`, `${t('field.port')}: ${d.port === null ? '—' : String(d.port)}`];
  }
  return [
    `${t('field.baud_rate')}: ${serialValueText(t, n, 'baud_rate', d.baud_rate)}`,
    `${t('field.data_bits')}: ${serialValueText(t, n, 'data_bits', d.data_bits)}`,
    `${t('field.parity')}: ${serialValueText(t, n, 'parity', d.parity)}`,
    `${t('field.stop_bits')}: ${serialValueText(t, n, 'stop_bits', d.stop_bits)}`,
  ];
}

function EditButton({ device, onEdit, compact = false }: { device: CommunicationDevice; onEdit(d: CommunicationDevice): void; compact?: boolean }) {
  const { t } = useTranslation(COMMUNICATION_NS);
  if (!device.editable) {
    return (
      <Typography variant={compact ? 'caption' : 'body2'} component="p" color="text.secondary" sx={compact ? { whiteSpace: 'nowrap' } : undefined} data-testid={`read-only-${device.name}`}>
        {t(compact ? 'list.not_editable' : 'list.read_only')}
      </Typography>
    );
  }
  return (
    <Button variant="outlined" onClick={() => onEdit(device)} aria-label={t('list.edit_device', { name: device.name })} sx={{ minHeight: 44 }}>
      {t('list.edit')}
    </Button>
  );
}

function Secondary({ children }: { children: ReactNode }) {
  return (
    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {children}
    </Typography>
  );
}

/** Desktop: one row per device, every field in a column of its kind. */
function DeviceTable({ devices, onEdit, labelledBy }: { devices: readonly CommunicationDevice[]; onEdit(d: CommunicationDevice): void; labelledBy: string }) {
  const { t, i18n } = useTranslation(COMMUNICATION_NS);
  const n = numberFormat(i18n.language);
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby={labelledBy} sx={{ '& th, & td': { px: 1 }, '& tr > :first-of-type': { pl: 0.5 }, '& tr > :last-child': { pr: 0.5 } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('list.device')}</TableCell>
            <TableCell>{t('field.interface')}</TableCell>
            <TableCell align="right">{t('list.station')}</TableCell>
            <TableCell>{t('list.connection')}</TableCell>
            <TableCell align="right">{t('list.timeout')}</TableCell>
            <TableCell align="right">{t('list.delays')}</TableCell>
            <TableCell align="right">{t('list.parameters')}</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {t('list.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {devices.map((d) => (
            <TableRow key={d.name} data-testid={`device-${d.name}`}>
              <TableCell component="th" scope="row">
                <Typography variant="body2" component="span" sx={{ fontWeight: 600, display: 'block', whiteSpace: 'nowrap' }}>
                  {d.name}
                </Typography>
                <Secondary>{d.device_type}</Secondary>
                <Secondary>{t('list.address_types', { types: d.address_types.map((a) => a.name).join(', ') })}</Secondary>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {interfaceLabel(t, d.interface)}
                <Secondary>{d.protocol}</Secondary>
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {n.format(d.default_station)}
              </TableCell>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {connectionLines(t, n, d).map((line, i) =>
                  i === 0 ? (
                    <Box key={line} component="span" sx={{ display: 'block' }}>
                      {line}
                    </Box>
                  ) : (
                    <Secondary key={line}>{line}</Secondary>
                  ),
                )}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {timeoutText(t, n, d.timeout_100ms)}
                <Secondary>{t('value.timeout_units', { value: n.format(d.timeout_100ms) })}</Secondary>
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                  {t('list.turnaround', { value: n.format(d.turnaround_delay_ms) })}
                </Box>
                <Secondary>{t('list.send_ack', { value: n.format(d.send_ack_delay_ms) })}</Secondary>
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                <Box component="span" sx={{ display: 'block' }}>
                  {t('list.parameter_1', { value: n.format(d.parameter_1) })}
                </Box>
                <Secondary>{t('list.parameter_2', { value: n.format(d.parameter_2) })}</Secondary>
              </TableCell>
              <TableCell align="right">
                <EditButton device={d} onEdit={onEdit} compact />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word', fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Tablet and phone: one card per device, every field named. */
function DeviceCards({ devices, onEdit }: { devices: readonly CommunicationDevice[]; onEdit(d: CommunicationDevice): void }) {
  const { t, i18n } = useTranslation(COMMUNICATION_NS);
  const n = numberFormat(i18n.language);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr' } }}>
      {devices.map((d) => {
        const headingId = `device-card-${d.name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
        const ethernet = d.interface === 'ethernet';
        const internal = ethernet && d.ip === null && d.port === null;
        return (
          <Card key={d.name} variant="outlined" component="section" aria-labelledby={headingId} data-testid={`device-${d.name}`}>
            <CardContent sx={{ pb: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
                <Typography id={headingId} variant="h6" component="h3">
                  {d.name}
                </Typography>
                <Chip size="small" label={d.device_type} />
              </Box>
              <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' } }}>
                <Fact label={t('field.interface')}>{interfaceLabel(t, d.interface)}</Fact>
                <Fact label={t('field.protocol')}>{d.protocol}</Fact>
                <Fact label={t('field.default_station')}>{n.format(d.default_station)}</Fact>
                {internal ? null : ethernet ? (
                  <>
                    <Fact label={t('field.ip')}>{d.ip ?? '—'}</Fact>
                    <Fact label={t('field.port')}>{d.port === null ? '—' : String(d.port)}</Fact>
                  </>
                ) : (
                  <>
                    <Fact label={t('field.baud_rate')}>{serialValueText(t, n, 'baud_rate', d.baud_rate)}</Fact>
                    <Fact label={t('field.data_bits')}>{serialValueText(t, n, 'data_bits', d.data_bits)}</Fact>
                    <Fact label={t('field.parity')}>{serialValueText(t, n, 'parity', d.parity)}</Fact>
                    <Fact label={t('field.stop_bits')}>{serialValueText(t, n, 'stop_bits', d.stop_bits)}</Fact>
                  </>
                )}
                <Fact label={t('list.timeout')}>
                  {timeoutText(t, n, d.timeout_100ms)} ({t('value.timeout_units', { value: n.format(d.timeout_100ms) })})
                </Fact>
                <Fact label={t('field.turnaround_delay_ms')}>{n.format(d.turnaround_delay_ms)}</Fact>
                <Fact label={t('field.send_ack_delay_ms')}>{n.format(d.send_ack_delay_ms)}</Fact>
                <Fact label={t('field.parameter_1')}>{n.format(d.parameter_1)}</Fact>
                <Fact label={t('field.parameter_2')}>{n.format(d.parameter_2)}</Fact>
                <Fact label={t('field.address_types')}>{d.address_types.map((a) => a.name).join(', ')}</Fact>
              </Box>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2, pt: 0 }}>
              <EditButton device={d} onEdit={onEdit} />
            </CardActions>
          </Card>
        );
      })}
    </Box>
  );
}

/** The panel's COM ports, the modes each offers, and what runs on it. */
function ComPortTable({ ports, devices, labelledBy }: { ports: readonly ComPortRow[]; devices: readonly CommunicationDevice[]; labelledBy: string }) {
  const { t, i18n } = useTranslation(COMMUNICATION_NS);
  const n = numberFormat(i18n.language);
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>{t('ports.port')}</TableCell>
            <TableCell>{t('ports.modes')}</TableCell>
            <TableCell>{t('ports.devices')}</TableCell>
            <TableCell>{t('ports.line')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ports.map((p) => {
            const first = devices.find((d) => d.name === p.devices[0]);
            return (
              <TableRow key={p.port} data-testid={`port-${p.port}`}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {t(`com_port.${p.port}`)}
                </TableCell>
                <TableCell>{p.interfaces.map((i) => t(`mode.${i}`)).join(' / ')}</TableCell>
                <TableCell>{p.devices.length > 0 ? p.devices.join(', ') : t('ports.none')}</TableCell>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {first
                    ? t('ports.line_value', {
                        mode: t(`mode.${first.interface}`),
                        baud: serialValueText(t, n, 'baud_rate', first.baud_rate),
                        data_bits: serialValueText(t, n, 'data_bits', first.data_bits),
                        parity: serialValueText(t, n, 'parity', first.parity),
                        stop_bits: serialValueText(t, n, 'stop_bits', first.stop_bits),
                      })
                    : '—'}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Communication: the running project's communication devices with every field (specification
 * §3), one device edited at a time in a dialog, and the COM ports. While the project runtime does
 * not run, the device list cannot be read: the screen says so (§8) with Retry. */
export default function CommunicationPage() {
  const { t } = useTranslation(COMMUNICATION_NS);
  // Asked again at every visit: another console or a new project may have changed the devices.
  const query = useCommunicationDevicesQuery(undefined, { refetchOnMountOrArgChange: true });
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [editing, setEditing] = useState<string | null>(null);
  const devicesTitle = useId();
  const portsTitle = useId();
  const data = query.data;
  const device = data?.devices.find((d) => d.name === editing);

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('menu.communication', { ns: 'shell' })}
      </Typography>
      {query.isError && !data ? (
        <LoadFailed message={t('load_failed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Loading label={t('loading')} />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('intro', { project: data.project })}
          </Typography>
          <Card variant="outlined" component="section" aria-labelledby={devicesTitle} sx={{ mb: 2 }}>
            <CardContent>
              <Typography id={devicesTitle} variant="h6" component="h2" sx={{ mb: 1.5 }}>
                {t('list.title')}
              </Typography>
              {data.devices.length === 0 ? (
                <Typography variant="body2">{t('list.empty')}</Typography>
              ) : wide ? (
                <DeviceTable devices={data.devices} onEdit={(d) => setEditing(d.name)} labelledBy={devicesTitle} />
              ) : (
                <DeviceCards devices={data.devices} onEdit={(d) => setEditing(d.name)} />
              )}
            </CardContent>
          </Card>
          <Card variant="outlined" component="section" aria-labelledby={portsTitle}>
            <CardContent>
              <Typography id={portsTitle} variant="h6" component="h2" sx={{ mb: 0.5 }}>
                {t('ports.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {t('ports.intro')}
              </Typography>
              <ComPortTable ports={data.com_ports} devices={data.devices} labelledBy={portsTitle} />
            </CardContent>
          </Card>
        </>
      )}
      {device && data ? (
        <DeviceDialog key={device.name} device={device} others={data.devices.filter((d) => d.name !== device.name)} onClose={() => setEditing(null)} />
      ) : null}
    </Box>
  );
}
