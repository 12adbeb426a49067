import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../contract/api/define';
import type { devices as devicesCall } from '../../../contract/api/communication';
import { useCommunicationDevicesQuery } from '../../../store/api/communication-endpoints';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { ResponsiveTable, type ListColumn } from '../../components/ResponsiveTable';
import { DeviceDialog, type CommunicationDevice } from './DeviceDialog';
import { COMMUNICATION_NS, interfaceLabel, numberFormat, serialValueText, timeoutText } from './messages';

type ComPortRow = ResponseOf<typeof devicesCall>['com_ports'][number];

/** The width the device table needs; a narrower box shows one card per device. */
const DEVICE_TABLE_WIDTH = 760;
/** The width the COM port table needs. */
const PORT_TABLE_WIDTH = 520;

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

/** One device a row (every field in a column of its kind), or a card on a tablet (every field
 * named); the cards' facts are the table's columns taken apart. */
function DeviceList({ devices, onEdit, labelledBy }: { devices: readonly CommunicationDevice[]; onEdit(d: CommunicationDevice): void; labelledBy: string }) {
  const { t, i18n } = useTranslation(COMMUNICATION_NS);
  const n = numberFormat(i18n.language);
  const ethernet = (d: CommunicationDevice) => d.interface === 'ethernet';
  const internal = (d: CommunicationDevice) => ethernet(d) && d.ip === null && d.port === null;
  /** A fact of an Ethernet device that has an address, or of a serial one. */
  const onlyIf = (shown: (d: CommunicationDevice) => boolean, value: (d: CommunicationDevice) => ReactNode) => (d: CommunicationDevice) => (shown(d) ? value(d) : null);
  const addressed = (d: CommunicationDevice) => ethernet(d) && !internal(d);
  const serial = (d: CommunicationDevice) => !ethernet(d);
  const columns: ListColumn<CommunicationDevice>[] = [
    {
      key: 'device',
      header: t('list.device'),
      rowHeader: true,
      card: 'title',
      cell: (d) => (
        <>
          <Typography variant="body2" component="span" sx={{ fontWeight: 600, display: 'block', whiteSpace: 'nowrap' }}>
            {d.name}
          </Typography>
          <Secondary>{d.device_type}</Secondary>
          <Secondary>{t('list.address_types', { types: d.address_types.map((a) => a.name).join(', ') })}</Secondary>
        </>
      ),
      fact: (d) => d.name,
    },
    { key: 'type', header: t('field.device_type'), cardOnly: true, card: 'aside', cell: (d) => <Chip size="small" label={d.device_type} /> },
    {
      key: 'interface',
      header: t('field.interface'),
      card: 'none',
      sx: { whiteSpace: 'nowrap' },
      cell: (d) => (
        <>
          {interfaceLabel(t, d.interface)}
          <Secondary>{d.protocol}</Secondary>
        </>
      ),
    },
    { key: 'station', header: t('list.station'), card: 'none', align: 'right', sx: { fontVariantNumeric: 'tabular-nums' }, cell: (d) => n.format(d.default_station) },
    {
      key: 'connection',
      header: t('list.connection'),
      card: 'none',
      sx: { fontVariantNumeric: 'tabular-nums' },
      cell: (d) =>
        connectionLines(t, n, d).map((line, i) =>
          i === 0 ? (
            <Box key={line} component="span" sx={{ display: 'block' }}>
              {line}
            </Box>
          ) : (
            <Secondary key={line}>{line}</Secondary>
          ),
        ),
    },
    {
      key: 'timeout',
      header: t('list.timeout'),
      align: 'right',
      sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
      cell: (d) => (
        <>
          {timeoutText(t, n, d.timeout_100ms)}
          <Secondary>{t('value.timeout_units', { value: n.format(d.timeout_100ms) })}</Secondary>
        </>
      ),
      card: 'none',
    },
    {
      key: 'delays',
      header: t('list.delays'),
      card: 'none',
      align: 'right',
      sx: { fontVariantNumeric: 'tabular-nums' },
      cell: (d) => (
        <>
          <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
            {t('list.turnaround', { value: n.format(d.turnaround_delay_ms) })}
          </Box>
          <Secondary>{t('list.send_ack', { value: n.format(d.send_ack_delay_ms) })}</Secondary>
        </>
      ),
    },
    {
      key: 'parameters',
      header: t('list.parameters'),
      card: 'none',
      align: 'right',
      sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
      cell: (d) => (
        <>
          <Box component="span" sx={{ display: 'block' }}>
            {t('list.parameter_1', { value: n.format(d.parameter_1) })}
          </Box>
          <Secondary>{t('list.parameter_2', { value: n.format(d.parameter_2) })}</Secondary>
        </>
      ),
    },
    // The cards: every field named.
    { key: 'f-interface', header: t('field.interface'), cardOnly: true, cell: (d) => interfaceLabel(t, d.interface) },
    { key: 'f-protocol', header: t('field.protocol'), cardOnly: true, cell: (d) => d.protocol },
    { key: 'f-station', header: t('field.default_station'), cardOnly: true, cell: (d) => n.format(d.default_station) },
    { key: 'f-ip', header: t('field.ip'), cardOnly: true, cell: onlyIf(addressed, (d) => d.ip ?? '—') },
    { key: 'f-port', header: t('field.port'), cardOnly: true, cell: onlyIf(addressed, (d) => (d.port === null ? '—' : String(d.port))) },
    { key: 'f-baud', header: t('field.baud_rate'), cardOnly: true, cell: onlyIf(serial, (d) => serialValueText(t, n, 'baud_rate', d.baud_rate)) },
    { key: 'f-data-bits', header: t('field.data_bits'), cardOnly: true, cell: onlyIf(serial, (d) => serialValueText(t, n, 'data_bits', d.data_bits)) },
    { key: 'f-parity', header: t('field.parity'), cardOnly: true, cell: onlyIf(serial, (d) => serialValueText(t, n, 'parity', d.parity)) },
    { key: 'f-stop-bits', header: t('field.stop_bits'), cardOnly: true, cell: onlyIf(serial, (d) => serialValueText(t, n, 'stop_bits', d.stop_bits)) },
    {
      key: 'f-timeout',
      header: t('list.timeout'),
      cardOnly: true,
      cell: (d) => `${timeoutText(t, n, d.timeout_100ms)} (${t('value.timeout_units', { value: n.format(d.timeout_100ms) })})`,
    },
    { key: 'f-turnaround', header: t('field.turnaround_delay_ms'), cardOnly: true, cell: (d) => n.format(d.turnaround_delay_ms) },
    { key: 'f-send-ack', header: t('field.send_ack_delay_ms'), cardOnly: true, cell: (d) => n.format(d.send_ack_delay_ms) },
    { key: 'f-parameter-1', header: t('field.parameter_1'), cardOnly: true, cell: (d) => n.format(d.parameter_1) },
    { key: 'f-parameter-2', header: t('field.parameter_2'), cardOnly: true, cell: (d) => n.format(d.parameter_2) },
    { key: 'f-address-types', header: t('field.address_types'), cardOnly: true, cell: (d) => d.address_types.map((a) => a.name).join(', ') },
    {
      key: 'actions',
      header: t('list.actions'),
      headerHidden: true,
      card: 'actions',
      align: 'right',
      cell: (d) => <EditButton device={d} onEdit={onEdit} compact />,
      fact: (d) => <EditButton device={d} onEdit={onEdit} />,
    },
  ];
  return (
    <ResponsiveTable
      rows={devices}
      rowKey={(d) => d.name}
      rowTestId={(d) => `device-${d.name}`}
      columns={columns}
      tableMinWidth={DEVICE_TABLE_WIDTH}
      labelledBy={labelledBy}
      tableSx={{ '& th, & td': { px: 1 }, '& tr > :first-of-type': { pl: 0.5 }, '& tr > :last-child': { pr: 0.5 } }}
    />
  );
}

/** The panel's COM ports, the modes each offers, and what runs on it. */
function ComPortTable({ ports, devices, labelledBy }: { ports: readonly ComPortRow[]; devices: readonly CommunicationDevice[]; labelledBy: string }) {
  const { t, i18n } = useTranslation(COMMUNICATION_NS);
  const n = numberFormat(i18n.language);
  const line = (p: ComPortRow) => {
    const first = devices.find((d) => d.name === p.devices[0]);
    return first
      ? t('ports.line_value', {
          mode: t(`mode.${first.interface}`),
          baud: serialValueText(t, n, 'baud_rate', first.baud_rate),
          data_bits: serialValueText(t, n, 'data_bits', first.data_bits),
          parity: serialValueText(t, n, 'parity', first.parity),
          stop_bits: serialValueText(t, n, 'stop_bits', first.stop_bits),
        })
      : '—';
  };
  const columns: ListColumn<ComPortRow>[] = [
    { key: 'port', header: t('ports.port'), rowHeader: true, card: 'title', sx: { fontWeight: 600 }, cell: (p) => t(`com_port.${p.port}`) },
    { key: 'modes', header: t('ports.modes'), cell: (p) => p.interfaces.map((i) => t(`mode.${i}`)).join(' / ') },
    { key: 'devices', header: t('ports.devices'), cell: (p) => (p.devices.length > 0 ? p.devices.join(', ') : t('ports.none')) },
    { key: 'line', header: t('ports.line'), sx: { fontVariantNumeric: 'tabular-nums' }, cell: line },
  ];
  return (
    <ResponsiveTable rows={ports} rowKey={(p) => p.port} rowTestId={(p) => `port-${p.port}`} columns={columns} tableMinWidth={PORT_TABLE_WIDTH} labelledBy={labelledBy} />
  );
}

/** Communication: the running project's communication devices with every field (specification
 * §3), one device edited at a time in a dialog, and the COM ports. While the project runtime does
 * not run, the device list cannot be read: the screen says so (§8) with Retry. */
export default function CommunicationPage() {
  const { t } = useTranslation(COMMUNICATION_NS);
  // Asked again at every visit: another console or a new project may have changed the devices.
  const query = useCommunicationDevicesQuery(undefined, { refetchOnMountOrArgChange: true });
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
              ) : (
                <DeviceList devices={data.devices} onEdit={(d) => setEditing(d.name)} labelledBy={devicesTitle} />
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
