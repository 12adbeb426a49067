import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OpcuaNode } from '../../../contract/api/opcua';
import type { DataType } from '../../../contract/project-format';
import { INDEX_REGISTER_MAX, NODE_NAME_MAX, OPCUA_DATA_TYPES, tagNodeId, type DriverEntry, type NodeProblems } from '../../../contract/rules/opcua';
import { FactRow } from '../../components/FactRow';
import { readWholeNumber } from '../../components/settings/whole-number';
import { OPCUA_NS, problemText } from './messages';
import { countTags, type OpcuaTag } from './tree-edit';

/** The data types, in the contract's order (from the rules' table: the console takes no zod). */
const DATA_TYPES = Object.keys(OPCUA_DATA_TYPES) as DataType[];
const INDEX_REGISTERS = Array.from({ length: INDEX_REGISTER_MAX + 1 }, (_, i) => i);

/** The address types of the chosen device (the driver address table), each with an example that
 * fills the address in. */
function AddressTypes({ driver, onUse, disabled }: { driver: DriverEntry; onUse(address: string): void; disabled: boolean }) {
  const { t } = useTranslation(OPCUA_NS);
  const titleId = useId();
  return (
    <Box sx={{ mt: 1 }}>
      <Typography id={titleId} variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('tags.address_types', { plc: driver.device })}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell>{t('tags.address_type')}</TableCell>
              <TableCell>{t('tags.address_kind')}</TableCell>
              <TableCell>{t('tags.address_range')}</TableCell>
              <TableCell>{t('tags.address_example')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {driver.address_types.map((type) => {
              const example = `${type.name}-${type.min}`;
              return (
                <TableRow key={type.name}>
                  <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
                    {type.name}
                  </TableCell>
                  <TableCell>{t(`tags.kinds.${type.kind}`)}</TableCell>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{t('tags.range_value', { min: type.min, max: type.max })}</TableCell>
                  <TableCell>
                    <Button size="small" disabled={disabled} onClick={() => onUse(example)} aria-label={t('tags.use_address', { address: example })} sx={{ fontFamily: 'monospace', textTransform: 'none' }}>
                      {example}
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

interface TagProps {
  node: OpcuaNode & { tag: OpcuaTag };
  problems: NodeProblems | undefined;
  drivers: readonly DriverEntry[];
  readOnly: boolean;
  onChange(patch: Partial<Omit<OpcuaTag, 'folder_name' | 'type'>>): void;
}

/** A tag's information and fields (§3): name, folder, type, PLC, address (helped by the driver
 * address table), format, index register, data type (with its OPC UA type), length, access, and
 * the NodeId clients read it at. Each field shows its rule's message as it is typed. */
export function TagDetails({ node, problems, drivers, readOnly, onChange }: TagProps) {
  const { t } = useTranslation(OPCUA_NS);
  const tag = node.tag;
  const p = problems?.tag ?? {};
  const driver = drivers.find((d) => d.device === tag.plc);
  const typeText = (dt: DataType) => t('tags.data_type_option', { type: t(`data_types.${dt}`), opcua: OPCUA_DATA_TYPES[dt] });
  const indexChoices = tag.index_register !== null && !INDEX_REGISTERS.includes(tag.index_register) ? [...INDEX_REGISTERS, tag.index_register] : INDEX_REGISTERS;

  return (
    <Box>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            id={`opcua-tag-name-${node.id}`}
            label={t('tags.tag_name')}
            value={tag.tag_name}
            onChange={(e) => onChange({ tag_name: e.target.value })}
            error={Boolean(p.tag_name)}
            helperText={problemText(t, p.tag_name) ?? ' '}
            disabled={readOnly}
            slotProps={{ htmlInput: { maxLength: NODE_NAME_MAX, autoComplete: 'off', spellCheck: false } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            fullWidth
            label={t('tags.plc')}
            value={tag.plc}
            onChange={(e) => onChange({ plc: e.target.value })}
            error={Boolean(p.plc)}
            helperText={problemText(t, p.plc, { plc: tag.plc }) ?? t('tags.type_value', { type: t(`tags.types.${tag.type}`) })}
            disabled={readOnly}
          >
            {drivers.map((d) => (
              <MenuItem key={d.device} value={d.device}>
                {d.device}
              </MenuItem>
            ))}
            {!driver ? (
              <MenuItem value={tag.plc} disabled>
                {tag.plc === '' ? t('tags.no_plc') : t('tags.unknown_plc', { plc: tag.plc })}
              </MenuItem>
            ) : null}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            label={t('tags.address')}
            value={tag.address}
            onChange={(e) => onChange({ address: e.target.value })}
            error={Boolean(p.address)}
            helperText={problemText(t, p.address, { plc: tag.plc, type: t(`data_types.${tag.data_type}`) }) ?? t('tags.address_hint')}
            disabled={readOnly}
            slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            fullWidth
            label={t('tags.data_type')}
            value={tag.data_type}
            onChange={(e) => onChange({ data_type: e.target.value as DataType })}
            helperText={t('tags.opcua_type', { type: OPCUA_DATA_TYPES[tag.data_type] })}
            disabled={readOnly}
          >
            {DATA_TYPES.map((dt) => (
              <MenuItem key={dt} value={dt}>
                {typeText(dt)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            fullWidth
            label={t('tags.length')}
            value={Number.isNaN(tag.length) ? '' : String(tag.length)}
            onChange={(e) => onChange({ length: readWholeNumber(e.target.value) })}
            error={Boolean(p.length)}
            helperText={problemText(t, p.length) ?? t('tags.length_hint')}
            disabled={readOnly}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, autoComplete: 'off' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            select
            fullWidth
            label={t('tags.index_register')}
            value={tag.index_register === null ? 'none' : String(tag.index_register)}
            onChange={(e) => onChange({ index_register: e.target.value === 'none' ? null : Number(e.target.value) })}
            error={Boolean(p.index_register)}
            helperText={problemText(t, p.index_register) ?? ' '}
            disabled={readOnly}
          >
            <MenuItem value="none">{t('tags.index_none')}</MenuItem>
            {indexChoices.map((n) => (
              <MenuItem key={n} value={String(n)}>
                {t('tags.index_value', { n })}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            fullWidth
            label={t('tags.format')}
            value={tag.format}
            onChange={(e) => onChange({ format: e.target.value })}
            helperText={t('tags.format_hint')}
            disabled={readOnly}
            slotProps={{ htmlInput: { maxLength: 16, autoComplete: 'off', spellCheck: false } }}
          />
        </Grid>
        <Grid size={12}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} id={`opcua-access-${node.id}`}>
            {t('tags.access')}
          </Typography>
          <FormGroup row aria-labelledby={`opcua-access-${node.id}`}>
            <FormControlLabel
              control={<Checkbox checked={tag.access.readable} disabled={readOnly} onChange={(e) => onChange({ access: { ...tag.access, readable: e.target.checked } })} />}
              label={t('tags.readable')}
            />
            <FormControlLabel
              control={<Checkbox checked={tag.access.writable} disabled={readOnly} onChange={(e) => onChange({ access: { ...tag.access, writable: e.target.checked } })} />}
              label={t('tags.writable')}
            />
          </FormGroup>
        </Grid>
      </Grid>
      {driver ? <AddressTypes driver={driver} disabled={readOnly} onUse={(address) => onChange({ address })} /> : null}
      <Box component="dl" sx={{ m: 0, mt: 2 }}>
        <FactRow label={t('tags.folder')}>{tag.folder_name || '—'}</FactRow>
        <FactRow label={t('tags.type')}>{t(`tags.types.${tag.type}`)}</FactRow>
        <FactRow label={t('tags.node_id')}>
          <Box component="span" sx={{ fontFamily: 'monospace' }} data-testid="opcua-node-id">
            {tagNodeId(tag.tag_name)}
          </Box>
        </FactRow>
        <FactRow label={t('tags.opcua_data_type')}>{OPCUA_DATA_TYPES[tag.data_type]}</FactRow>
      </Box>
    </Box>
  );
}

/** A folder's information: its name (renamed with Rename group), what it holds, and the problem
 * of its name if any. */
export function FolderDetails({ node, problems }: { node: OpcuaNode; problems: NodeProblems | undefined }) {
  const { t } = useTranslation(OPCUA_NS);
  const groups = (node.children ?? []).filter((c) => c.kind === 'folder').length;
  return (
    <Box>
      {problems?.folder ? (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {problemText(t, problems.folder)}
        </Alert>
      ) : null}
      <Box component="dl" sx={{ m: 0 }}>
        <FactRow label={t('tags.group_name')}>{node.name || '—'}</FactRow>
        <FactRow label={t('tags.kind')}>{node.is_root ? t('tags.kind_root') : t('tags.kind_group')}</FactRow>
        <FactRow label={t('tags.groups_inside')}>{groups}</FactRow>
        <FactRow label={t('tags.tags_inside')}>{countTags(node)}</FactRow>
      </Box>
    </Box>
  );
}
